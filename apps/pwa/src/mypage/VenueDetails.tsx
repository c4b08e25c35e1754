import { formatInstant, isSessionExpiredError, NetworkError } from '@furfes/core'
import { ErrorAlert } from '@furfes/ui'
import { Alert, Link, Stack } from '@mui/material'
import { useEffect, useState } from 'react'
import type { AccountServices } from '../account/account-services.ts'
import { useAccountTranslation } from '../account/i18n.ts'
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
 * Where the event is, for a paid participant (decision 123): once My Page's registration says paid, asks
 * GET /venue and keeps the answer on the device, so that at the door, with no network, the venue shows as the
 * registration code does. Renders nothing for anyone else (and forgets a kept copy), or before the venue is
 * announced. It follows the registration, so a payment confirmed while the page is open brings the venue in.
 */
export function VenueDetails() {
  const services = useServices()
  const [state, setState] = useState<VenueState>({ kept: undefined, offline: false })
  useEffect(() => {
    let live = true
    let unsubscribe = () => {}
    const show = (next: VenueState) => {
      if (live) setState(next)
    }
    void (async () => {
      const kept = await loadVenue().catch(() => undefined)
      show({ kept, offline: false })
      const account = await services.account().catch(() => undefined)
      // Without its configuration (offline on a fresh load) the kept copy is all there is.
      if (!account) {
        show({ kept, offline: kept !== undefined })
        return
      }
      if (!live) return
      // Asked again only when the registration turns paid or stops being paid, one answer after the other.
      let paid: boolean | undefined
      let answers = Promise.resolve()
      const follow = () => {
        const { status, value } = account.cache.registration.getSnapshot()
        if (status !== 'loaded' || paid === (value?.paymentStatus === 'paid')) return
        paid = value?.paymentStatus === 'paid'
        const ask = paid ? () => askVenue(account, kept) : forget
        answers = answers.then(ask).then(show)
      }
      unsubscribe = account.cache.registration.subscribe(follow)
      follow()
      const loaded = await registrationOf(account)
      if (loaded instanceof Error) show(failed(loaded, kept))
    })()
    return () => {
      live = false
      unsubscribe()
    }
  }, [services])

  if (state.error !== undefined) return <ErrorAlert error={state.error} />
  if (!state.kept) return null
  return <VenueView kept={state.kept} offline={state.offline} />
}

/** My Page's registration, loaded once (its subscribers hear of it); an error is returned, not thrown. */
async function registrationOf(account: AccountServices): Promise<undefined | Error> {
  const { session } = account
  if (session.getRefreshToken() === undefined) return undefined
  try {
    await account.cache.registration.load()
    return undefined
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

async function forget(): Promise<VenueState> {
  // No paid registration (any more): nothing may stay on the device.
  await clearVenue().catch(() => {})
  return { kept: undefined, offline: false }
}

async function askVenue(account: AccountServices, kept: CachedVenue | undefined): Promise<VenueState> {
  try {
    const venue = await account.api.getVenue()
    // Not announced yet: nothing to show, and nothing older may stay.
    if (venue === null) return await forget()
    const fresh = { venue, savedAt: account.clock() }
    await saveVenue(fresh).catch(() => {
      // Private browsing may refuse IndexedDB: the venue still shows while online.
    })
    return { kept: fresh, offline: false }
  } catch (error) {
    return failed(error, kept)
  }
}

/** The kept copy stays on a network failure (said so) and when the session ended (the page signs in again). */
function failed(error: unknown, kept: CachedVenue | undefined): VenueState {
  if (error instanceof NetworkError) return { kept, offline: kept !== undefined }
  if (isSessionExpiredError(error)) return { kept, offline: false }
  return { kept, offline: false, error }
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
