import type { BrowserOptions } from '@sentry/react'
import { describe, expect, it } from 'vitest'
import { createErrorReporter } from './error-reporting.ts'

/** A Sentry transport that keeps what it would send. */
function recordingTransport(sent: string[]): BrowserOptions['transport'] {
  return () => ({
    send: async (envelope) => {
      sent.push(JSON.stringify(envelope))
      return {}
    },
    flush: async () => true,
  })
}

describe('error reporting', () => {
  it('is off without a DSN and never loads the SDK', async () => {
    const sut = createErrorReporter()
    expect(await sut.start({ dsn: undefined, tracingTargets: ['http://localhost:8787'] })).toBe(false)
    expect(() => sut.report(new Error('ignored'))).not.toThrow()
  })

  it('sends errors reported before and after start, with tracing at 1 and replay at 0', async () => {
    const sent: string[] = []
    const sut = createErrorReporter()
    sut.report(new Error('before start'), { where: 'test' })
    const started = await sut.start({
      dsn: 'https://public@sentry.example/1',
      tracingTargets: ['https://api.furfes.example'],
      environment: 'test',
      transport: recordingTransport(sent),
    })
    sut.report(new Error('after start'))
    const Sentry = await import('@sentry/react')
    await Sentry.flush(2000)
    const options = Sentry.getClient()?.getOptions() as BrowserOptions | undefined
    expect(started).toBe(true)
    expect(options?.tracesSampleRate).toBe(1)
    expect(options?.tracePropagationTargets).toEqual(['https://api.furfes.example'])
    expect(options?.replaysSessionSampleRate).toBe(0)
    expect(options?.replaysOnErrorSampleRate).toBe(0)
    expect(sent.join('\n')).toContain('before start')
    expect(sent.join('\n')).toContain('after start')
    await Sentry.close()
  })
})
