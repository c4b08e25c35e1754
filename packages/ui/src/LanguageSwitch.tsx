import { Button } from '@mui/material'
import { type Language, supportedLanguages } from './i18n.ts'
import { TranslateIcon } from './icons.ts'

/**
 * Each language offered in its own words, whatever the page's language. Kept here rather than in the locale
 * files, so a page need not load another language's strings to offer it (the top page's budget, decision 041).
 */
const offers: Readonly<Record<Language, { name: string; switchTo: string }>> = {
  ja: { name: '日本語', switchTo: '日本語で表示する' },
  en: { name: 'English', switchTo: 'Show in English' },
}

export interface LanguageSwitchProps {
  current: Language
  /** Where the same page lives in another language. */
  hrefFor: (language: Language) => string
  /** Called when the reader picks a language, so the app can remember the choice. */
  onSelect?: (language: Language) => void
}

/**
 * A link to the same page in the other language, labelled in that language (`English` on Japanese pages,
 * `日本語` on English ones) so a reader who cannot read the current one still finds it.
 */
export function LanguageSwitch({ current, hrefFor, onSelect }: LanguageSwitchProps) {
  return supportedLanguages
    .filter((language) => language !== current)
    .map((language) => (
      <Button
        key={language}
        color="inherit"
        href={hrefFor(language)}
        lang={language}
        hrefLang={language}
        title={offers[language].switchTo}
        startIcon={<TranslateIcon />}
        onClick={() => onSelect?.(language)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {offers[language].name}
      </Button>
    ))
}
