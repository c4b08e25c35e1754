export { commonResources, createI18n, type Language, supportedLanguages } from './i18n.ts'
export { loadRuntimeConfig, type RuntimeConfig, runtimeConfigSchema } from './runtime-config.ts'
export { createAppTheme, type ThemeMode } from './theme.ts'
