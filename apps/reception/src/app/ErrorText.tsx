import { describeError } from '@furfes/core'
import { Alert } from '@mui/material'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from './services.tsx'

/** An error as the error catalogue says to show it; unexpected ones are also reported. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors')
  const services = useServices()
  const description = describeError(error)
  useEffect(() => {
    if (description.unexpected) services.reportError(error)
  }, [description.unexpected, error, services])
  return (
    <Alert severity="error" role="alert">
      {t(description.key, description.values)}
    </Alert>
  )
}
