import commonJa from '@furfes/ui/locales/ja/common.json'
import pwaJa from './locales/ja/pwa.json'

/**
 * The site's Japanese strings, the shared ones included: loaded when a page shows Japanese (see i18n.ts). The
 * page titles are not here: every page has them from the start, for the Japanese document title.
 */
export const japaneseStrings = { pwa: pwaJa, common: commonJa }
