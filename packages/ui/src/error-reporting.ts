import type { BrowserOptions } from '@sentry/react'

export interface ErrorReportingOptions {
  /** Without a DSN nothing is reported and the Sentry SDK is never downloaded. */
  dsn?: string | undefined
  /** Hosts (or URL prefixes) whose requests carry tracing headers. */
  tracingTargets: readonly string[]
  environment?: string | undefined
  release?: string | undefined
  /** Where envelopes go; Sentry's fetch transport unless a test records them. */
  transport?: BrowserOptions['transport']
}

type ErrorContext = Record<string, unknown>

export interface ErrorReporter {
  /** Starts Sentry when configured; resolves to whether reports are sent. */
  start(options: ErrorReportingOptions): Promise<boolean>
  /** Reports an error; errors reported before `start` finished are sent once it has. */
  report(error: unknown, context?: ErrorContext): void
}

/** Errors kept while the SDK loads; beyond this a crash loop would only grow memory. */
const maxWaiting = 20

/**
 * Error reporting (docs/requirements.md ERR-8): tracing for the configured target hosts at sample rate 1, session replay
 * at 0, and off without a DSN. The SDK is imported on demand so it never weighs on the first page load:
 * replay's sample rates are 0, so its integration is not loaded at all (decision 043).
 */
export function createErrorReporter(): ErrorReporter {
  let sentry: typeof import('@sentry/react') | undefined
  let state: 'starting' | 'off' | 'on' = 'starting'
  const waiting: [unknown, ErrorContext | undefined][] = []
  const capture = (error: unknown, context: ErrorContext | undefined) =>
    sentry?.captureException(error, context ? { extra: context } : undefined)
  return {
    async start(options) {
      if (!options.dsn) {
        state = 'off'
        waiting.length = 0
        return false
      }
      sentry = await import('@sentry/react')
      sentry.init({
        dsn: options.dsn,
        environment: options.environment,
        release: options.release,
        integrations: [sentry.browserTracingIntegration()],
        tracesSampleRate: 1,
        tracePropagationTargets: [...options.tracingTargets],
        replaysSessionSampleRate: 0,
        replaysOnErrorSampleRate: 0,
        ...(options.transport ? { transport: options.transport } : {}),
      })
      state = 'on'
      for (const [error, context] of waiting.splice(0)) capture(error, context)
      return true
    },
    report(error, context) {
      if (state === 'on') capture(error, context)
      else if (state === 'starting' && waiting.length < maxWaiting) waiting.push([error, context])
    },
  }
}
