import { createContext, type ReactNode } from 'react'

type ReportError = (error: unknown) => void

/**
 * Where `ErrorAlert` reports the errors nobody expected. A module of its own: each app's root sets it up, and
 * the alert with its catalogue text stays in the chunks of the pages that show one, off the first load.
 */
export const ReportErrorContext = createContext<ReportError | undefined>(undefined)

/** Gives `ErrorAlert` the app's error reporter (each app's `ServicesProvider` does). */
export function ErrorReportingProvider({ report, children }: { report: ReportError; children: ReactNode }) {
  return <ReportErrorContext value={report}>{children}</ReportErrorContext>
}
