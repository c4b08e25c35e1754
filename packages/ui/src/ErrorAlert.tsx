import { describeError } from '@furfes/core'
import { Alert, type SxProps, type Theme } from '@mui/material'
import { type ReactNode, useContext, useEffect } from 'react'
import { ErrorReportingContext } from './error-reporting-context.tsx'
import { useErrorText } from './error-text.ts'

/**
 * The one way an error is shown in both apps: in the catalogue's words, in the page's language, announced as an
 * alert; what nobody expected is also reported. Nothing is rendered while there is no error.
 */
export function ErrorAlert({
  error,
  action,
  sx = { mb: 2 },
}: {
  error: unknown
  /** A way out, such as Retry, at the alert's end. */
  action?: ReactNode
  sx?: SxProps<Theme>
}) {
  const reporter = useContext(ErrorReportingContext)
  if (!reporter) throw new Error('ErrorAlert must be used inside <ErrorReportingProvider>')
  const { describe } = useErrorText()
  useEffect(() => {
    if (error !== undefined && describeError(error).unexpected) reporter.report(error)
  }, [error, reporter])
  if (error === undefined) return null
  return (
    <Alert severity="error" role="alert" action={action} sx={sx}>
      {describe(error)}
    </Alert>
  )
}
