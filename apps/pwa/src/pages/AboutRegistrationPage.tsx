import {
  isFursuitTier,
  isSponsorTier,
  registrationTierPriceJpy,
  registrationTiers,
  sponsorBenefits,
  sponsorBenefitsByTier,
  tShirtMeasurements,
  tShirtSizes,
  tShirtSizeTableCm,
} from '@furfes/core'
import { Button } from '@mui/material'
import { usePageCopy } from '../content/ContentPage.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import { Blocks } from '../content/Sections.tsx'
import { CrossTable } from '../content/TableRegion.tsx'
import { useCoreTranslation } from '../content/useCoreTranslation.ts'
import { formatYen } from '../content/values.ts'
import { localizedPath } from '../language.ts'
import en from '../locales/en/about-registration.json'
import ja from '../locales/ja/about-registration.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/**
 * Tiers with their prices, the sponsor benefits, the T-shirt sizes and the fursuit rules. Every figure comes
 * from @furfes/core, the same constants the API charges and validates with.
 */
export default function AboutRegistrationPage() {
  const { content, language, values, text } = usePageCopy(copy)
  const { t: domain } = useCoreTranslation('domain')
  return (
    <Page>
      <PageHeading pageId="about-registration" lead={content.lead} values={values} />

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
                  {formatYen(registrationTierPriceJpy[tier], language)}
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
        <Button variant="contained" href={localizedPath(language, 'mypage/registration')}>
          {content.cta}
        </Button>
      </section>

      <section aria-labelledby="period">
        <h2 id="period">{content.period.heading}</h2>
        <Blocks blocks={content.period.body} values={values} language={language} />
      </section>

      <section aria-labelledby="refunds">
        <h2 id="refunds">{content.refunds.heading}</h2>
        <Blocks blocks={content.refunds.body} values={values} language={language} />
      </section>

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

      <section aria-labelledby="fursuit">
        <h2 id="fursuit">{content.fursuit.heading}</h2>
        <Blocks blocks={content.fursuit.body} values={values} language={language} />
      </section>

      <section aria-labelledby="how-to">
        <h2 id="how-to">{content.howTo.heading}</h2>
        <Blocks blocks={content.howTo.body} values={values} language={language} />
      </section>
    </Page>
  )
}
