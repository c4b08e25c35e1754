import { CircularProgress, Stack, Typography } from '@mui/material'
import { useAccountTranslation } from './i18n.ts'

/*
 * In a module of its own: the registration code page waits with it and must not carry the account forms' fields
 * that share ui.tsx's chunk (docs/decisions/202-feature-flags-by-plain-fetch.md).
 */

/** A status line with a spinner, announced politely. */
export function Busy({ label }: { label?: string }) {
  const { t } = useAccountTranslation()
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{label ?? t('common.loading')}</Typography>
    </Stack>
  )
}
