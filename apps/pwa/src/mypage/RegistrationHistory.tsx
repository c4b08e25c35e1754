import { formatInstant } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Stack, Typography } from '@mui/material'
import { useAccountTranslation } from '../account/i18n.ts'
import { formatYen } from '../content/values.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'
import { Facts, LoadError, Section } from './parts.tsx'
import { useCached } from './use-cached.ts'

/**
 * The member's registrations in past editions, read-only (decision 158). Read from its own route, so it shows
 * whether or not they registered for the current edition; nothing at all when there is none.
 */
export function RegistrationHistory() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const history = useCached(account.cache.history)
  if (history.status === 'failed' && history.value === undefined)
    return (
      <Section id="history" heading={t('dashboard.historyHeading')}>
        <LoadError error={history.error} retry={history.reload} />
      </Section>
    )
  if (!history.value?.length) return null
  return (
    <Section id="history" heading={t('dashboard.historyHeading')}>
      <Stack spacing={3}>
        {history.value.map((item) => (
          <Stack key={item.editionId} spacing={1}>
            <Typography component="h3" variant="subtitle1">
              {phrase(item.editionName[language])}
            </Typography>
            <Facts
              items={[
                [t('dashboard.tier'), t(`domain:registrationTier.${item.registrationTier}`)],
                [t('dashboard.status'), t(`domain:paymentStatus.${item.paymentStatus}`)],
                [t('dashboard.amount'), formatYen(item.amountJpy, language)],
                ...(item.paidAt === undefined
                  ? []
                  : [[t('dashboard.paidAt'), formatInstant(item.paidAt, language)] as [string, string]]),
              ]}
            />
          </Stack>
        ))}
      </Stack>
    </Section>
  )
}
