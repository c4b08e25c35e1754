import { CircularProgress } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { linkShown } from '../app/edition.ts'
import { isNetworkErrorPresumed } from '../app/feature-flags.ts'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import { useFeatureFlags } from '../app/useFeatureFlags.ts'
import { pageWithCopyValues, useCopyValues } from '../content/copy-values.tsx'
import { ExternalLink } from '../content/ExternalLink.tsx'
import { loadCoreErrors } from '../content/load-core-errors.ts'
import { Page, PageHeading } from '../content/Page.tsx'
import { Blocks, Sections } from '../content/Sections.tsx'
import type ja from '../locales/ja/establish-new-club-activity.json'

/** Whether new clubs can be founded follows the flag is_new_club_activity_establishment_available. */
function EstablishNewClubActivityPage({ copy }: { copy: typeof ja }) {
  const { content, language, values } = useCopyValues(copy)
  const edition = useEdition()
  const form = edition.edition.links.newClubForm
  const flags = useFeatureFlags()
  const open = flags.flags?.isNewClubActivityEstablishmentAvailable
  // Unknown while the flags load: the card waits for them.
  const availability = open === undefined ? undefined : open ? content.open : content.closed
  return (
    <Page>
      <PageHeading pageId="establish-new-club-activity" lead={content.lead} values={values} />
      <section
        aria-labelledby="availability"
        aria-live="polite"
        aria-busy={flags.flags === undefined && !isNetworkErrorPresumed(flags)}
      >
        {flags.flags === undefined && !isNetworkErrorPresumed(flags) && (
          <p id="availability" role="status">
            <CircularProgress size="1em" aria-hidden sx={{ mr: 1, verticalAlign: '-0.1em' }} />
            {content.checking}
          </p>
        )}
        {isNetworkErrorPresumed(flags) && (
          <div className="note" role="alert" id="availability">
            <p>
              {content.failed} <NetworkErrorText />
            </p>
          </div>
        )}
        {availability && (
          <div className="card">
            <h2 id="availability">{availability.heading}</h2>
            <Blocks blocks={availability.body} values={values} language={language} />
            {open && linkShown(form, edition.judgedAt) && (
              <p>
                <ExternalLink href={form.url}>{content.open.form}</ExternalLink>
              </p>
            )}
          </div>
        )}
      </section>
      <Sections sections={content.sections} values={values} language={language} />
    </Page>
  )
}

/**
 * Core's network-error text, once its catalogue has loaded: only a visit whose flags failed needs it
 * (docs/decisions/202-feature-flags-by-plain-fetch.md). Nothing until then, or if the catalogue cannot load
 * (reported; the page's own words still say the check failed).
 */
function NetworkErrorText() {
  // The default namespace: `errors` is asked for only once it has been added.
  const { i18n, t } = useTranslation()
  const services = useServices()
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    let shown = true
    loadCoreErrors(i18n).then(
      () => {
        if (shown) setLoaded(true)
      },
      (error: unknown) => services.errors.report(error, { where: 'the error catalogue' }),
    )
    return () => {
      shown = false
    }
  }, [i18n, services])
  return loaded ? t('product.networkError', { ns: 'errors' }) : null
}

export const withCopy = pageWithCopyValues(EstablishNewClubActivityPage, {
  ja: () => import('../locales/ja/establish-new-club-activity.json'),
  en: () => import('../locales/en/establish-new-club-activity.json'),
})
