import { isLanguage } from '@furfes/core'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { useServices } from '../app/services.tsx'

/**
 * The spec's admin routes live in the reception app (decision 075): `/{lang}/admin-sign-in` and
 * `/{lang}/admin` leave for its sign-in and participants screens, at the address the runtime configuration
 * names (`receptionUrl`), keeping the language. Nothing is rendered on the way.
 */
export function ToReception({ screen }: { screen: 'admin-sign-in' | 'admin' }) {
  const { lang } = useParams()
  const { config, replaceLocation, errors } = useServices()
  useEffect(() => {
    let cancelled = false
    config().then(
      ({ receptionUrl }) => {
        if (cancelled) return
        const language = isLanguage(lang) ? lang : 'ja'
        replaceLocation(new URL(`/${language}/${screen}`, receptionUrl).href)
      },
      (error: unknown) => errors.report(error),
    )
    return () => {
      cancelled = true
    }
  }, [config, replaceLocation, errors, lang, screen])
  return null
}
