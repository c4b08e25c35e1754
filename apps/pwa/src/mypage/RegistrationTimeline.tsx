import { formatInstant, type Registration, type TimelineEntry } from '@furfes/core'
import { useStore } from '@furfes/ui'
import { Box, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { formatYen } from '../content/values.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'
import { LoadError, Section } from './parts.tsx'

/**
 * What happened to the registration on show, oldest first (docs/decisions/171-the-registration-timeline-on-my-page.md).
 * Read again whenever My Page's copy of the registration changes (paid, details changed, canceled), so the list
 * follows what the member just did.
 */
export function RegistrationTimeline({ registration }: { registration: Registration }) {
  const { t } = useAccountTranslation()
  const { account, handleSessionError } = useMyPage()
  const timeline = account.cache.timeline
  const state = useStore(timeline)
  useEffect(() => {
    // The registration is the dependency that matters: each new copy of it means something happened.
    void registration
    timeline.load({ force: true }).catch(handleSessionError)
  }, [registration, timeline, handleSessionError])
  const reload = () => void timeline.load({ force: true }).catch(handleSessionError)

  if (state.status === 'failed' && state.value === undefined)
    return (
      <Section id="timeline" heading={t('timeline.heading')}>
        <LoadError error={state.error} retry={reload} />
      </Section>
    )
  if (!state.value?.length) return null
  return (
    <Section id="timeline" heading={t('timeline.heading')}>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', rowGap: 1 }}>
        {state.value.map((entry, index) => (
          <TimelineItem key={`${entry.at}-${entry.kind}-${index}`} entry={entry} />
        ))}
      </Box>
    </Section>
  )
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const yen = (amount: number) => formatYen(amount, language)
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '14rem 1fr' }, columnGap: 2 }}
    >
      <Typography variant="body2" color="text.secondary" component="span">
        {formatInstant(entry.at, language)}
      </Typography>
      <Typography component="span">{describe(entry, t, yen)}</Typography>
    </Box>
  )
}

type Translate = ReturnType<typeof useAccountTranslation>['t']

/** One entry in words: what happened, with the amounts and who did it. */
function describe(entry: TimelineEntry, t: Translate, yen: (amount: number) => string): string {
  const tier = (value: string) => t(`domain:registrationTier.${value}`)
  switch (entry.kind) {
    case 'registered':
      return t('timeline.registered', { tier: tier(entry.registrationTier) })
    case 'paid':
      return t('timeline.paid', { amount: yen(entry.amountJpy) })
    case 'details_changed':
      return t('timeline.detailsChanged', {
        fields: entry.fields.map((field) => t(`timeline.field.${field}`)).join(t('timeline.separator')),
      })
    case 'tier_changed': {
      const moved = t('timeline.tierChanged', { from: tier(entry.from), to: tier(entry.to) })
      if (entry.paidJpy !== undefined)
        return `${moved} ${t('timeline.differencePaid', { amount: yen(entry.paidJpy) })}`
      if (entry.refundedJpy !== undefined)
        return `${moved} ${t('timeline.differenceRefunded', { amount: yen(entry.refundedJpy) })}`
      return moved
    }
    case 'refunded':
      return t(`timeline.refunded.${entry.by}`, { amount: yen(entry.amountJpy) })
    case 'canceled':
      return t('timeline.canceled')
    case 'checked_in':
      return t('timeline.checkedIn')
  }
}
