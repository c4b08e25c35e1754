import type { Language } from '@furfes/core'
import { type ContentValues, RichText, richText } from './RichText.tsx'
import { TableRegion } from './TableRegion.tsx'

/** A block of copy: a paragraph, a list, numbered steps, a highlighted note or a small table. */
export type ContentBlock =
  | string
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { note: string }
  | { table: ContentTableData }

interface ContentTableData {
  caption: string
  head: readonly string[]
  rows: readonly (readonly string[])[]
}

export interface ContentSection {
  /** The section's anchor, so other pages can link to it (`/faq#payment`). */
  id?: string
  heading: string
  body: readonly ContentBlock[]
  sections?: readonly ContentSection[]
}

/** Sections of a content file as plain HTML, headings from h2 down; the page's prose styles them. */
export function Sections({
  sections,
  values,
  language,
  level = 2,
}: {
  sections: readonly ContentSection[]
  values?: ContentValues | undefined
  language: Language
  level?: 2 | 3 | 4
}) {
  const Heading = `h${level}` as const
  return sections.map((section) => (
    <section key={section.heading} id={section.id}>
      <Heading>{richText(section.heading, values, language)}</Heading>
      <Blocks blocks={section.body} values={values} language={language} />
      {section.sections && (
        <Sections
          sections={section.sections}
          values={values}
          language={language}
          level={level === 2 ? 3 : 4}
        />
      )}
    </section>
  ))
}

export function Blocks({
  blocks,
  values,
  language,
}: {
  blocks: readonly ContentBlock[]
  values?: ContentValues | undefined
  language: Language
}) {
  return blocks.map((block, index) => {
    // Blocks never move, so their position is a stable key.
    const key = index
    if (typeof block === 'string') {
      return (
        <p key={key}>
          <RichText text={block} values={values} language={language} />
        </p>
      )
    }
    if ('list' in block || 'steps' in block) {
      const items = 'steps' in block ? block.steps : block.list
      const List = 'steps' in block ? 'ol' : 'ul'
      return (
        <List key={key}>
          {items.map((item) => (
            <li key={item}>
              <RichText text={item} values={values} language={language} />
            </li>
          ))}
        </List>
      )
    }
    if ('note' in block) {
      return (
        <div key={key} className="note" role="note">
          <p>
            <RichText text={block.note} values={values} language={language} />
          </p>
        </div>
      )
    }
    return <ContentTable key={key} table={block.table} values={values} language={language} />
  })
}

/** A table whose first column names each row; it scrolls sideways on a narrow screen instead of squeezing. */
function ContentTable({
  table,
  values,
  language,
}: {
  table: ContentTableData
  values?: ContentValues | undefined
  language: Language
}) {
  const text = (cell: string) => richText(cell, values, language)
  return (
    <TableRegion label={table.caption}>
      <table>
        <caption>{text(table.caption)}</caption>
        <thead>
          <tr>
            {table.head.map((cell) => (
              <th key={cell} scope="col">
                {text(cell)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={`${index}-${cell}`} scope="row">
                    {text(cell)}
                  </th>
                ) : (
                  <td key={`${index}-${cell}`}>{text(cell)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}
