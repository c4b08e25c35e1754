import { formatInstant, isSessionExpiredError, NetworkError } from '@furfes/core'
import { Alert, Link, Stack } from '@mui/material'
import { useEffect, useState } from 'react'
import type { AccountServices } from '../account/account-services.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import { ErrorAlert } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { useLanguage } from '../layout/useLanguage.ts'
import { type CachedVenue, clearVenue, loadVenue, saveVenue } from '../offline/venue-cache.ts'
import { Facts, Section } from './parts.tsx'

interface VenueState {
  kept: CachedVenue | undefined
  /** The kept copy is shown because the network is down. */
  offline: boolean
  error?: unknown
}

/**
 * Where the event is, for a paid participant (decision 123): asks GET /venue and keeps the answer on the device,
 * so that at the door, with no network, the venue shows as the registration code does. Renders nothing for
 * anyone the API tells nothing (no paid registration, or no venue announced yet), and forgets any kept copy then.
 */
export function VenueDetails() {
  const services = useServices()
  const [state, setState] = useState<VenueState>({ kept: undefined, offline: false })
  useEffect(() => {
    let live = true
    const show = (next: VenueState) => live && setState(next)
    void (async () => {
      const kept = await loadVenue().catch(() => undefined)
      show({ kept, offline: false })
      const account = await services.account().catch(() => undefined)
      // Without its configuration (offline on a fresh load) the kept copy is all there is.
      show(account ? await refreshVenue(account, kept) : { kept, offline: kept !== undefined })
    })()
    return () => {
      live = false
    }
  }, [services])

  if (state.error !== undefined) return <ErrorAlert error={state.error} />
  if (!state.kept) return null
  return <VenueView kept={state.kept} offline={state.offline} />
}

async function refreshVenue(account: AccountServices, kept: CachedVenue | undefined): Promise<VenueState> {
  const { session } = account
  if (session.getRefreshToken() === undefined) return { kept, offline: false }
  try {
    if (session.getAuthInfo() === undefined) await session.refresh()
    const venue = await account.api.getVenue()
    if (venue === null) {
      // No paid registration (any more), or nothing announced: nothing may stay on the device.
      await clearVenue().catch(() => {})
      return { kept: undefined, offline: false }
    }
    const fresh = { venue, savedAt: account.clock() }
    await saveVenue(fresh).catch(() => {
      // Private browsing may refuse IndexedDB: the venue still shows while online.
    })
    return { kept: fresh, offline: false }
  } catch (error) {
    if (error instanceof NetworkError) return { kept, offline: kept !== undefined }
    // The page this sits on sends an ended session to sign in; the kept copy stays until sign-out.
    if (isSessionExpiredError(error)) return { kept, offline: false }
    return { kept, offline: false, error }
  }
}

function VenueView({ kept, offline }: { kept: CachedVenue; offline: boolean }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { venue } = kept
  return (
    <Section id="venue" heading={t('venue.heading')}>
      <Stack spacing={2}>
        {offline && (
          <Alert severity="info" role="status">
            {t('venue.offline', { time: formatInstant(kept.savedAt, language) })}
          </Alert>
        )}
        <Facts
          items={[
            [t('venue.name'), venue.name[language]],
            [t('venue.address'), venue.address[language]],
            [t('venue.access'), venue.access[language]],
            [t('venue.entry'), t('venue.entryValue', { time: venue.entryTime })],
            [
              t('venue.map'),
              <Link key="map" href={venue.mapUrl} target="_blank" rel="noopener noreferrer">
                {t('venue.mapLink')}
              </Link>,
            ],
          ]}
        />
      </Stack>
    </Section>
  )
}
