import { coreErrorResources } from '@furfes/core'
import { CircularProgress } from '@mui/material'
import { linkShown } from '../app/edition.ts'
import { isNetworkErrorPresumed } from '../app/feature-flags.ts'
import { useEdition } from '../app/useEdition.ts'
import { useFeatureFlags } from '../app/useFeatureFlags.ts'
import { usePageCopy } from '../content/ContentPage.tsx'
import { ExternalLink } from '../content/ExternalLink.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import { Blocks, Sections } from '../content/Sections.tsx'
import { useCoreTranslation } from '../content/useCoreTranslation.ts'
import en from '../locales/en/establish-new-club-activity.json'
import ja from '../locales/ja/establish-new-club-activity.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** Whether new clubs can be founded follows the flag is_new_club_activity_establishment_available. */
export default function EstablishNewClubActivityPage() {
  const { content, language, values } = usePageCopy(copy)
  const edition = useEdition()
  const form = edition.edition.links.newClubForm
  const { t: errors } = useCoreTranslation('errors', coreErrorResources)
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
              {content.failed} {errors('product.networkError')}
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
