import { createContext, type ReactNode } from 'react'

/** What `ErrorAlert` needs of an app's error reporter. */
export interface ErrorReporting {
  report(error: unknown): void
}

/**
 * Where `ErrorAlert` reports the errors nobody expected. A module of its own: each app's root sets it up, and
 * the alert with its catalogue text stays in the chunks of the pages that show one, off the first load.
 */
export const ErrorReportingContext = createContext<ErrorReporting | undefined>(undefined)

/** Gives `ErrorAlert` the app's error reporter (each app's `ServicesProvider` does). */
export function ErrorReportingProvider({
  reporter,
  children,
}: {
  reporter: ErrorReporting
  children: ReactNode
}) {
  return <ErrorReportingContext value={reporter}>{children}</ErrorReportingContext>
}
