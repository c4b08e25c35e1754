import type { FeatureFlags } from '@furfes/core'
import { ErrorAlert } from '@furfes/ui'
import {
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDevice } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { EventCancellationCard } from './EventCancellationCard.tsx'

const flagNames = [
  'isRegistrationAvailable',
  'isNewClubActivityEstablishmentAvailable',
  'isUnderMaintenance',
] as const

/** The product-wide feature flags (docs/requirements.md STAT-9) and this device's name. */
export function SettingsPage() {
  const { t } = useTranslation('reception')
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('settings.heading')}
      </Typography>
      <FeatureFlagsCard />
      <DeviceCard />
      <EventCancellationCard />
    </Stack>
  )
}

/** One card of the settings: its heading and what it sets, above its controls. */
function SettingsCard({ heading, intro, children }: { heading: string; intro: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {heading}
        </Typography>
        <Typography variant="body2" gutterBottom>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

function FeatureFlagsCard() {
  const { t } = useTranslation('reception')
  const services = useServices()
  const [flags, setFlags] = useState<FeatureFlags | undefined>(undefined)
  const [saving, setSaving] = useState<(typeof flagNames)[number] | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)

  useEffect(() => {
    const controller = new AbortController()
    services.api.getFeatures({ signal: controller.signal }).then(setFlags, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure)
    })
    return () => controller.abort()
  }, [services])

  const toggle = async (name: (typeof flagNames)[number]) => {
    if (!flags) return
    setSaving(name)
    setError(undefined)
    try {
      const saved = await services.api.setFeatures({ ...flags, [name]: !flags[name] })
      setFlags(saved)
      services.notifications.notify(t('settings.flags.saved'), 'success')
    } catch (failure) {
      setError(failure)
    } finally {
      setSaving(undefined)
    }
  }

  return (
    <SettingsCard heading={t('settings.flags.heading')} intro={t('settings.flags.intro')}>
      <ErrorAlert error={error} />
      {!flags && error === undefined && <Typography>{t('settings.flags.loading')}</Typography>}
      {flags && (
        <FormGroup>
          {flagNames.map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Switch
                  checked={flags[name]}
                  disabled={saving !== undefined}
                  onChange={() => void toggle(name)}
                  color={name === 'isUnderMaintenance' ? 'warning' : 'primary'}
                />
              }
              label={t(`settings.flags.${name}`)}
            />
          ))}
        </FormGroup>
      )}
    </SettingsCard>
  )
}

function DeviceCard() {
  const { t } = useTranslation('reception')
  const services = useServices()
  const device = useDevice()
  const [name, setName] = useState(device.name)
  const save = (event: FormEvent) => {
    event.preventDefault()
    services.device.setName(name)
    services.notifications.notify(t('settings.device.saved'), 'success')
  }
  return (
    <SettingsCard heading={t('settings.device.heading')} intro={t('settings.device.intro')}>
      <Stack component="form" direction="row" spacing={1} onSubmit={save}>
        <TextField
          label={t('settings.device.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained">
          {t('settings.device.save')}
        </Button>
      </Stack>
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {t('settings.device.id', { id: device.id })}
      </Typography>
    </SettingsCard>
  )
}
