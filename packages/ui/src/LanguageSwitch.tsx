import { Button } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { type Language, supportedLanguages } from './i18n.ts'
import { TranslateIcon } from './icons.ts'

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
  const { t } = useTranslation('common')
  return supportedLanguages
    .filter((language) => language !== current)
    .map((language) => (
      <Button
        key={language}
        color="inherit"
        href={hrefFor(language)}
        lang={language}
        hrefLang={language}
        title={t('language.switchTo', { lng: language })}
        startIcon={<TranslateIcon />}
        onClick={() => onSelect?.(language)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {t(`language.${language}`)}
      </Button>
    ))
}
