import { ErrorAlert, usePhrases } from '@furfes/ui'
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'

/** A titled card of My Page. */
export function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  const phrase = usePhrases()
  return (
    <Card component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5, fontWeight: 700 }}>
          {phrase(heading)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

/** Label–value pairs. */
export function Facts({ items }: { items: readonly [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
        '& dt': { fontWeight: 700 },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  )
}

/** An error from loading something, with a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  return (
    <ErrorAlert
      error={error}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {phrase(t('common.retry'))}
        </Button>
      }
    />
  )
}

/** Where the member stands after something ran out (a checkout, an offer), read out when it appears. */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {children}
    </Alert>
  )
}

/** The actions of a card: side by side, stacked on a phone. */
export function ButtonRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {children}
    </Stack>
  )
}
