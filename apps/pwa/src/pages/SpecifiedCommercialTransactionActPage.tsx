import { useTranslation } from 'react-i18next'
import { usePageCopy } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import { RichText } from '../content/RichText.tsx'
import { TableRegion } from '../content/TableRegion.tsx'
import en from '../locales/en/specified-commercial-transaction-act.json'
import ja from '../locales/ja/specified-commercial-transaction-act.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** The notation the Act requires, as a two-column table: prices, payment, refunds, cancellation. */
function SpecifiedCommercialTransactionActPage() {
  const { content, language, values } = usePageCopy(copy)
  const { t } = useTranslation('pwa')
  return (
    <Page>
      <PageHeading pageId="specified-commercial-transaction-act" lead={content.lead} values={values} />
      <TableRegion label={t('pages.specified-commercial-transaction-act.title')}>
        <table aria-labelledby="page-heading">
          <tbody>
            {content.rows.map(([label = '', text = '']) => (
              <tr key={label}>
                <th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {label}
                </th>
                <td>
                  <RichText text={text} values={values} language={language} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </Page>
  )
}

export const withCopy = pageWithLabels(SpecifiedCommercialTransactionActPage)
