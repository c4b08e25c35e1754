import commonEn from '@furfes/ui/locales/en/common.json'
import pwaEn from './locales/en/pwa.json'

/** The site's English strings, the shared ones included: loaded when a page turns English (see i18n.ts). */
export const englishStrings = { pwa: pwaEn, common: commonEn }
