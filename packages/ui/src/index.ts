export { commonResources, createI18n, type Language, supportedLanguages } from './i18n.ts'
export { createAppTheme, type ThemeMode } from './theme.ts'
