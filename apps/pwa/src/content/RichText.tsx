import type { Language } from '@furfes/core'
import { isExternalHref, RouterLink } from '@furfes/ui'
import { Fragment, type ReactNode } from 'react'
import { localizedPath } from '../language.ts'
import { ExternalLink } from './ExternalLink.tsx'

/**
 * Values a text may name as `{{name}}`: prices, dates and limits that come from @furfes/core. A function is
 * called only when a text names it, so a page formats just the dates its copy uses.
 */
export type ContentValues = Readonly<Record<string, string | number | (() => string)>>

/** Replaces `{{name}}` with its value; an unknown name is a mistake in the copy and fails loudly. */
export function fill(text: string, values: ContentValues = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`The copy names {{${name}}}, which the page does not provide`)
    return String(typeof value === 'function' ? value() : value)
  })
}

const inlinePattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g

/**
 * The copy's inline markup, kept to what the committee needs: `**strong**` and `[label](address)`. An address
 * starting with `/` is a page of this site in the current language (`[FAQ](/faq)` → /ja/faq); others open in
 * a new tab.
 */
export function RichText({
  text,
  values,
  language,
}: {
  text: string
  values?: ContentValues | undefined
  language: Language
}) {
  const filled = fill(text, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of filled.matchAll(inlinePattern)) {
    const [whole, strong, label, href] = match
    if (match.index > last) parts.push(filled.slice(last, match.index))
    if (strong !== undefined) parts.push(<strong key={match.index}>{strong}</strong>)
    else if (label !== undefined && href !== undefined) parts.push(linkTo(href, label, language, match.index))
    last = match.index + whole.length
  }
  if (last < filled.length) parts.push(filled.slice(last))
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? <Fragment key={`t${index}`}>{part}</Fragment> : part,
      )}
    </>
  )
}

/**
 * One string of copy as an element's child: the filled text itself when it has no inline markup. React adopts a
 * prerendered element whose only child is a string by comparing its whole text, which the phrase marks (<wbr>)
 * the prerender puts into Japanese headings and table headers leave unchanged
 * (docs/decisions/205-phrase-breaks-as-markup.md); through a component it compares text node by node, and a
 * marked heading would not match.
 */
export function richText(text: string, values: ContentValues | undefined, language: Language): ReactNode {
  const filled = fill(text, values)
  return filled.search(inlinePattern) === -1 ? filled : <RichText text={filled} language={language} />
}

function linkTo(href: string, label: string, language: Language, key: number): ReactNode {
  if (isExternalHref(href)) {
    return (
      <ExternalLink key={key} href={href}>
        {label}
      </ExternalLink>
    )
  }
  const to = href.startsWith('/') ? localizedPath(language, href) : href
  return (
    <RouterLink key={key} href={to}>
      {label}
    </RouterLink>
  )
}
