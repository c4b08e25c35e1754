import {
  chooseLanguage,
  chooseStoredLanguage,
  createAppStorage,
  type Language,
  systemClock,
} from '@furfes/core'

function storage() {
  return createAppStorage(window.localStorage, systemClock)
}

/** The stored language choice, else the browser's language; anything else is Japanese (docs/requirements.md LANG-5). */
export function readCurrentLanguage(): Language {
  try {
    return chooseStoredLanguage(storage(), navigator.language)
  } catch {
    // Storage disabled by the browser: the browser's language alone decides.
    return chooseLanguage({ browserLanguage: navigator.language })
  }
}

export function storeLanguage(language: Language): void {
  try {
    storage().set('lang', language)
  } catch {
    // Private modes and full quotas refuse writes; the choice then lasts for this visit only.
  }
}
