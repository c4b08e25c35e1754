import { isLanguage } from '@furfes/core'
import { LanguageSwitch } from '@furfes/ui'
import { useLocation, useParams } from 'react-router'
import { useServices } from '../app/services.tsx'

/** The switch to the other language on the same screen, remembered for the device's next visit. */
export function ReceptionLanguageSwitch() {
  const { lang = 'ja' } = useParams()
  const location = useLocation()
  const services = useServices()
  return (
    <LanguageSwitch
      current={isLanguage(lang) ? lang : 'ja'}
      hrefFor={(language) => `/${language}${location.pathname.slice(lang.length + 1)}${location.search}`}
      onSelect={services.rememberLanguage}
    />
  )
}
