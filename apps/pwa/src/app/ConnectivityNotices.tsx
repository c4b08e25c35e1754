import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from './services.tsx'
import { markAppStarted } from './started.ts'

/**
 * Tells the reader through the snack bar when the connection drops and when it returns: pages already loaded
 * keep working offline, but forms and lists that call the API will not until it is back.
 */
export function ConnectivityNotices() {
  // Mounted means the app has started (hydrated a prerendered page, or rendered one).
  useEffect(markAppStarted, [])
  const { t } = useTranslation('pwa')
  const { notifications } = useServices()
  useEffect(() => {
    const offline = () => notifications.notify(t('connectivity.offline'), 'warning')
    const online = () => notifications.notify(t('connectivity.online'), 'success')
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [notifications, t])
  return null
}
