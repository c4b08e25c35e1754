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
import { usePageValues } from '../content/ContentPage.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { RichText } from '../content/RichText.tsx'
import { Blocks } from '../content/Sections.tsx'
import { TableRegion } from '../content/TableRegion.tsx'
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
  const { content, language } = useContent(copy)
  const values = usePageValues(language)
  const { t: domain } = useCoreTranslation('domain')
  const text = (value: string) => <RichText text={value} values={values} language={language} />
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
        <TableRegion label={content.benefits.caption}>
          <table>
            <caption>{content.benefits.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{content.benefits.benefit}</th>
                {registrationTiers.map((tier) => (
                  <th key={tier} scope="col">
                    {domain(`registrationTier.${tier}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sponsorBenefits.map((benefit) => (
                <tr key={benefit}>
                  <th scope="row">{domain(`sponsorBenefit.${benefit}`)}</th>
                  {registrationTiers.map((tier) => (
                    <td key={tier}>
                      {sponsorBenefitsByTier[tier][benefit] ? (
                        <>
                          <span aria-hidden="true">✓ </span>
                          {content.benefits.included}
                        </>
                      ) : (
                        <span className="muted">{content.benefits.notIncluded}</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>

      <section aria-labelledby="t-shirt">
        <h2 id="t-shirt">{content.tShirt.heading}</h2>
        <Blocks blocks={content.tShirt.body} values={values} language={language} />
        <TableRegion label={content.tShirt.caption}>
          <table>
            <caption>{content.tShirt.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{content.tShirt.size}</th>
                {tShirtMeasurements.map((measurement) => (
                  <th key={measurement} scope="col">
                    {domain(`tShirtMeasurement.${measurement}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tShirtSizes.map((size) => (
                <tr key={size}>
                  <th scope="row">{size}</th>
                  {tShirtMeasurements.map((measurement) => (
                    <td key={measurement}>{tShirtSizeTableCm[size][measurement]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
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
