import { describe, expect, it } from 'vitest'
import { errorReportingOptionsOf, loadApiUrl, loadErrorReportingConfig } from './error-reporting-config.ts'

describe('error reporting config', () => {
  it('reads the DSN, the tracing targets and the environment', async () => {
    const config = {
      apiUrl: 'https://api.furfes.example',
      sentry: {
        dsn: 'https://key@sentry.example/1',
        tracingTargets: ['https://api.furfes.example'],
        environment: 'production',
      },
    }
    const fetchConfig = (async () => new Response(JSON.stringify(config))) as typeof fetch
    expect(await loadErrorReportingConfig(fetchConfig)).toEqual({
      dsn: 'https://key@sentry.example/1',
      tracingTargets: ['https://api.furfes.example'],
      environment: 'production',
    })
  })

  it('is off without a DSN and traces the API by default', () => {
    expect(errorReportingOptionsOf({ apiUrl: 'https://api.furfes.example' })).toEqual({
      dsn: undefined,
      tracingTargets: ['https://api.furfes.example'],
      environment: undefined,
    })
  })

  it('turns reporting off rather than trusting a malformed section', () => {
    expect(errorReportingOptionsOf({ sentry: { dsn: 'not a url', tracingTargets: [1] } })).toEqual({
      dsn: undefined,
      tracingTargets: [],
      environment: undefined,
    })
  })

  it('reads the API address alone, and refuses a file that names none', async () => {
    const answer = (config: unknown) => (async () => new Response(JSON.stringify(config))) as typeof fetch
    expect(await loadApiUrl(answer({ apiUrl: 'https://api.furfes.example' }))).toBe(
      'https://api.furfes.example',
    )
    await expect(loadApiUrl(answer({ apiUrl: 'not a url' }))).rejects.toThrow('/config.json names no apiUrl')
  })
})
