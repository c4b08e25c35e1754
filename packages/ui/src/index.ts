export { type AppProps, AppProviders } from './AppProviders.tsx'
export { browserOnline } from './browser-online.ts'
export { ConfirmDialog } from './ConfirmDialog.tsx'
export { ErrorAlert } from './ErrorAlert.tsx'
export { createErrorReporter, type ErrorReporter, type ErrorReportingOptions } from './error-reporting.ts'
export { loadApiUrl, loadErrorReportingConfig } from './error-reporting-config.ts'
export { ErrorReportingProvider } from './error-reporting-context.tsx'
export { useErrorText } from './error-text.ts'
export { commonResources, createI18n, createI18nWith, type Language, supportedLanguages } from './i18n.ts'
export { CloseIcon, MenuIcon, OpenInNewIcon } from './icons.ts'
export { LanguageSwitch } from './LanguageSwitch.tsx'
export { NotificationSnackbar } from './NotificationSnackbar.tsx'
export { createNotificationQueue, type NotificationQueue } from './notifications.ts'
export { usePhrases } from './phrasing.tsx'
export {
  installPreloadRetry,
  locationAfterPreloadFailure,
  type PreloadRetry,
  preloadRetryQueryKey,
} from './preload-retry.ts'
export { isExternalHref, RouterLink } from './RouterLink.tsx'
export { scrollShadows } from './scroll-shadows.ts'
export { createServicesContext } from './services-context.tsx'
export { ThemeModeSwitch } from './ThemeModeSwitch.tsx'
export {
  brandSurfaces,
  colorSchemeAttribute,
  createAppTheme,
  type ThemeMode,
  themeModeStorageKey,
} from './theme.ts'
export { useStore } from './use-store.ts'
