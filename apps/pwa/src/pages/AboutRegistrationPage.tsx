import {
  isFursuitTier,
  isSponsorTier,
  registrationTiers,
  sponsorBenefits,
  sponsorBenefitsByTier,
  tShirtMeasurements,
  tShirtSizes,
  tShirtSizeTableCm,
} from '@furfes/core'
import { Button } from '@mui/material'
import { useEdition } from '../app/useEdition.ts'
import { pageWithCopyValues, useCopyValues } from '../content/copy-values.tsx'
import { EventCancelledNotice, useEventCancelled, usePublicFlags } from '../content/EventCancelledNotice.tsx'
import { Page, PageHeading } from '../content/Page.tsx'
import { RegistrationPhase } from '../content/RegistrationPhase.tsx'
import { Blocks, type ContentBlock } from '../content/Sections.tsx'
import { CrossTable } from '../content/TableRegion.tsx'
import { formatYen } from '../content/values.ts'
import { localizedPath } from '../language.ts'
import type ja from '../locales/ja/about-registration.json'

/**
 * Tiers with their prices, the sponsor benefits, the T-shirt sizes and the fursuit rules. The prices are the
 * current edition's, which the API charges; the rest comes from @furfes/core, which the API validates with.
 * Whether one can register follows the edition's phase and the registration flag.
 */
function AboutRegistrationPage({ copy }: { copy: typeof ja }) {
  const { content, language, values, text, domain } = useCopyValues(copy)
  const edition = useEdition()
  const cancelled = useEventCancelled()
  const registrationAvailable = usePublicFlags()?.isRegistrationAvailable
  const canRegister = !cancelled && edition.phase === 'onSale' && registrationAvailable !== false
  /** A section of copy alone: its heading names it for assistive technology, its blocks follow. */
  const section = (id: string, part: { heading: string; body: readonly ContentBlock[] }) => (
    <section aria-labelledby={id}>
      <h2 id={id}>{part.heading}</h2>
      <Blocks blocks={part.body} values={values} language={language} />
    </section>
  )
  return (
    <Page>
      <PageHeading pageId="about-registration" lead={content.lead} values={values} />
      <EventCancelledNotice name={edition.edition.name[language]} />

      <section aria-labelledby="tiers">
        <h2 id="tiers">{content.tiers.heading}</h2>
        <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
          {registrationTiers.map((tier) => (
            <li key={tier} className="card">
              <h3>{domain(`registrationTier.${tier}`)}</h3>
              <p>
                <span className="muted">{content.tiers.price}</span>
                <br />
                <strong style={{ fontSize: '1.5rem' }}>
                  {formatYen(edition.edition.tiers[tier].priceJpy, language)}
                </strong>
              </p>
              <p>{text(content.tiers.descriptions[tier])}</p>
              <ul>
                {isFursuitTier(tier) && <li>{content.tiers.fursuitNote}</li>}
                {isSponsorTier(tier) && <li>{content.tiers.sponsorNote}</li>}
              </ul>
            </li>
          ))}
        </ul>
        {canRegister && (
          <Button variant="contained" href={localizedPath(language, 'mypage/registration')}>
            {content.cta}
          </Button>
        )}
      </section>

      <section aria-labelledby="period">
        <h2 id="period">{content.period.heading}</h2>
        <RegistrationPhase
          language={language}
          edition={edition}
          registrationAvailable={registrationAvailable}
        />
        <Blocks blocks={content.period.body} values={values} language={language} />
      </section>

      {section('refunds', content.refunds)}

      <section aria-labelledby="benefits">
        <h2 id="benefits">{content.benefits.heading}</h2>
        <CrossTable
          caption={content.benefits.caption}
          corner={content.benefits.benefit}
          columns={registrationTiers}
          columnLabel={(tier) => domain(`registrationTier.${tier}`)}
          rows={sponsorBenefits}
          rowLabel={(benefit) => domain(`sponsorBenefit.${benefit}`)}
          cell={(benefit, tier) =>
            sponsorBenefitsByTier[tier][benefit] ? (
              <>
                <span aria-hidden="true">✓ </span>
                {content.benefits.included}
              </>
            ) : (
              <span className="muted">{content.benefits.notIncluded}</span>
            )
          }
        />
      </section>

      <section aria-labelledby="t-shirt">
        <h2 id="t-shirt">{content.tShirt.heading}</h2>
        <Blocks blocks={content.tShirt.body} values={values} language={language} />
        <CrossTable
          caption={content.tShirt.caption}
          corner={content.tShirt.size}
          columns={tShirtMeasurements}
          columnLabel={(measurement) => domain(`tShirtMeasurement.${measurement}`)}
          rows={tShirtSizes}
          rowLabel={(size) => size}
          cell={(size, measurement) => tShirtSizeTableCm[size][measurement]}
        />
      </section>

      {section('fursuit', content.fursuit)}

      {section('minors', content.minors)}

      {section('how-to', content.howTo)}
    </Page>
  )
}

export const withCopy = pageWithCopyValues(AboutRegistrationPage, {
  ja: () => import('../locales/ja/about-registration.json'),
  en: () => import('../locales/en/about-registration.json'),
})
