import { ErrorAlert, usePhrases } from '@furfes/ui'
import {
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { type FormEvent, Fragment, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiRead } from '../app/api-read.ts'
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
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  // Starting the event-cancellation run closes registration on the server: a new flags card reads them again.
  const [flagsRead, setFlagsRead] = useState(0)
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('settings.heading'))}
      </Typography>
      <FeatureFlagsCard key={flagsRead} />
      <DeviceCard />
      <EventCancellationCard onStarted={() => setFlagsRead((count) => count + 1)} />
    </Stack>
  )
}

/** One card of the settings: its heading and what it sets, above its controls. */
function SettingsCard({ heading, intro, children }: { heading: string; intro: string; children: ReactNode }) {
  const phrase = usePhrases()
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {phrase(heading)}
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
  const read = useApiRead((signal) => services.api.getFeatures({ signal }), [services])
  const flags = read.data
  const [saving, setSaving] = useState<(typeof flagNames)[number] | undefined>(undefined)
  const [saveError, setError] = useState<unknown>(undefined)
  const error = saveError ?? read.error

  const toggle = async (name: (typeof flagNames)[number]) => {
    if (!flags) return
    setSaving(name)
    setError(undefined)
    try {
      const saved = await services.api.setFeatures({ ...flags, [name]: !flags[name] })
      read.setData(saved)
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
          {flagNames.map((name) => {
            // Once the event is cancelled, registration stays closed for good (decision 113).
            const locked = name === 'isRegistrationAvailable' && flags.isEventCancelled === true
            const note = `settings-flag-${name}-note`
            return (
              <Fragment key={name}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={flags[name]}
                      disabled={saving !== undefined || locked}
                      onChange={() => void toggle(name)}
                      color={name === 'isUnderMaintenance' ? 'warning' : 'primary'}
                      slotProps={{ input: locked ? { 'aria-describedby': note } : {} }}
                    />
                  }
                  label={t(`settings.flags.${name}`)}
                />
                {locked && (
                  <FormHelperText id={note}>{t('settings.flags.closedByCancellation')}</FormHelperText>
                )}
              </Fragment>
            )
          })}
        </FormGroup>
      )}
    </SettingsCard>
  )
}

function DeviceCard() {
  const phrase = usePhrases()
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
          {phrase(t('settings.device.save'))}
        </Button>
      </Stack>
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {t('settings.device.id', { id: device.id })}
      </Typography>
    </SettingsCard>
  )
}
