import type { Profile } from '@furfes/core'
import { Button, CircularProgress } from '@mui/material'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicReadFailure } from '../app/public-read.ts'
import { useServices } from '../app/services.tsx'
import { ExternalLink } from '../content/ExternalLink.tsx'
import { loadCoreErrors } from '../content/load-core-errors.ts'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { fill } from '../content/RichText.tsx'
import en from '../locales/en/participants-profile.json'
import ja from '../locales/ja/participants-profile.json'
import { readPublicProfiles } from './public-profiles.ts'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

type ProfilesState =
  | { status: 'loading' }
  | { status: 'loaded'; profiles: Profile[] }
  | { status: 'failed'; message?: { key: string; values: Readonly<Record<string, string>> } }

/** Public profiles from GET /public-profile; a failure or an empty list is said in words, never thrown. */
export default function ParticipantsProfilePage() {
  const { content } = useContent(copy)
  const { i18n } = useTranslation()
  const services = useServices()
  const [state, setState] = useState<ProfilesState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((count) => count + 1)
  }, [])

  // `attempt` is a dependency on purpose: the retry button re-runs the request.
  useEffect(() => {
    const abort = new AbortController()
    const showFailure = async (failure: PublicReadFailure) => {
      // The error and its texts load only now: a visit whose read succeeds never needs them.
      const [{ errorOfPublicRead }] = await Promise.all([
        import('../app/public-read-error.ts'),
        loadCoreErrors(i18n),
      ])
      const error = errorOfPublicRead(failure, 'GET /public-profile')
      // Unexpected answers (a broken contract, an unknown message) are bugs worth a report; a network
      // failure is the visitor's connection and is only shown.
      if (error.unexpected) services.errors.report(error, { where: 'GET /public-profile' })
      if (!abort.signal.aborted)
        setState({ status: 'failed', message: { key: error.key, values: error.values } })
    }
    readPublicProfiles(services.fetchPublic)
      .then((read) => {
        if (abort.signal.aborted) return
        if (read.ok) setState({ status: 'loaded', profiles: read.value })
        else return showFailure(read.failure)
      })
      .catch((error: unknown) => {
        // The failure's module or texts did not load (the service worker keeps them, so this is rare): reported,
        // and the retry button still shows, with the page's own words.
        services.errors.report(error, { where: 'GET /public-profile' })
        if (!abort.signal.aborted) setState({ status: 'failed' })
      })
    return () => abort.abort()
  }, [services, attempt, i18n])

  return (
    <Page>
      <PageHeading pageId="participants-profile" lead={content.lead} />
      <div aria-live="polite">
        {state.status === 'loading' && (
          <p role="status">
            <CircularProgress size="1em" aria-hidden sx={{ mr: 1, verticalAlign: '-0.1em' }} />
            {content.loading}
          </p>
        )}
        {state.status === 'failed' && (
          <div className="note" role="alert">
            {state.message && <ErrorText messageKey={state.message.key} values={state.message.values} />}
            <Button variant="outlined" onClick={retry}>
              {content.retry}
            </Button>
          </div>
        )}
        {state.status === 'loaded' && state.profiles.length === 0 && <p>{content.empty}</p>}
        {state.status === 'loaded' && state.profiles.length > 0 && (
          <>
            <p className="muted">{fill(content.count, { count: state.profiles.length })}</p>
            <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
              {state.profiles.map((profile, index) => (
                // Handle names need not be unique; the position keeps keys unique within this list.
                <li key={`${index}-${profile.handleName}`} className="card">
                  <h2 style={{ marginTop: 0, fontSize: '1.15rem' }}>{profile.handleName}</h2>
                  {profile.linkUrls.length > 0 && (
                    <ul aria-label={fill(content.links, { name: profile.handleName })}>
                      {profile.linkUrls.map((url) => (
                        <li key={url}>
                          <ExternalLink href={url}>{displayUrl(url)}</ExternalLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Page>
  )
}

/** A failure's message from core's catalogue, rendered once `loadCoreErrors` has added it. */
function ErrorText({ messageKey, values }: { messageKey: string; values: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('errors')
  return <p>{t(messageKey, values)}</p>
}

/** `https://x.com/someone/` → `x.com/someone`: shorter, and a link's text should not end in a slash. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '')
}
