import type { Language } from '@furfes/core'
import { Box, Container } from '@mui/material'
import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../layout/useLanguage.ts'
import type { PageId } from '../pages.ts'
import { proseSx } from './prose.ts'
import { type ContentValues, RichText } from './RichText.tsx'

/** The copy of a page in both languages; `satisfies` makes the English file keep the Japanese file's shape. */
export type LocalizedContent<T> = Readonly<Record<Language, T>>

/** The page's copy in the language of the address. */
export function useContent<T>(content: LocalizedContent<T>): { content: T; language: Language } {
  const language = useLanguage()
  return { content: content[language], language }
}

/** The loaders of a page's copy, one JSON module per language. */
export type CopyLoaders<T> = Readonly<Record<Language, () => Promise<{ default: T }>>>

/**
 * Binds a page to its copy in one language, for a page whose copy is one JSON file per language: the page's
 * module exports the result as `withCopy`, and pages.ts loads the copy of the address's language only
 * (decisions 194, 209). The loader of the two files is in the page's chunk, which the copy follows one request later.
 */
export const pageWithCopy =
  <T,>(Page: ComponentType<{ copy: T }>, copy: CopyLoaders<T>) =>
  (language: Language): Promise<ComponentType> =>
    copy[language]().then(({ default: loaded }) => () => <Page copy={loaded} />)

/** A page of copy: a centred column whose plain HTML the prose styles. */
export function Page({ children, width = 'md' }: { children: ReactNode; width?: 'sm' | 'md' | 'lg' }) {
  return (
    <Container maxWidth={width} sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={proseSx}>{children}</Box>
    </Container>
  )
}

/** The page's main heading (its title in the page's language) and an optional lead paragraph. */
export function PageHeading({
  pageId,
  lead,
  values,
}: {
  pageId: PageId
  lead?: string | undefined
  values?: ContentValues
}) {
  const { t } = useTranslation('pwa')
  const language = useLanguage()
  return (
    <>
      <h1 id="page-heading">{t(`pages.${pageId}.title`)}</h1>
      {lead && (
        <p className="lead">
          <RichText text={lead} values={values} language={language} />
        </p>
      )}
    </>
  )
}
