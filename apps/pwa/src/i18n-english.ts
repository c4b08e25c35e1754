import commonEn from '@furfes/ui/locales/en/common.json'
import pageTitlesEn from './locales/en/page-titles.json'
import pwaEn from './locales/en/pwa.json'

/** The site's English strings, the shared ones included: loaded when a page shows English (see i18n.ts). */
export const englishStrings = { pwa: { ...pwaEn, pages: pageTitlesEn }, common: commonEn }
