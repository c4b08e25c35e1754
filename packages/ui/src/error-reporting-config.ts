import type { ErrorReportingOptions } from './error-reporting.ts'

/**
 * Reads only the error-reporting part of `/config.json`, without the schema library: every page load needs it,
 * and checking three fields by hand costs nothing, where loading a validator would cost the first load ~17 KiB
 * of script. Pages that use the API read the whole file through `loadRuntimeConfig` (./runtime-config.ts).
 */
export async function loadErrorReportingConfig(
  fetchConfig: typeof fetch = fetch,
): Promise<ErrorReportingOptions> {
  return errorReportingOptionsOf(await readConfigFile(fetchConfig))
}

async function readConfigFile(fetchConfig: typeof fetch): Promise<unknown> {
  const response = await fetchConfig('/config.json', { cache: 'no-cache' })
  if (!response.ok) throw new Error(`Loading /config.json failed with HTTP ${response.status}`)
  return response.json()
}

/**
 * The API's address alone, read by hand for the same reason: the public pages read the current edition
 * (GET /edition) on every load, and the top page has no room for the validator (decision 041).
 */
export async function loadApiUrl(fetchConfig: typeof fetch = fetch): Promise<string> {
  const config = await readConfigFile(fetchConfig)
  if (isRecord(config) && isUrl(config.apiUrl)) return config.apiUrl
  throw new Error('/config.json names no apiUrl')
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/** The error-reporting options a runtime config gives; anything malformed means no reporting. */
export function errorReportingOptionsOf(config: unknown): ErrorReportingOptions {
  const sentry = isRecord(config) && isRecord(config.sentry) ? config.sentry : {}
  const apiUrl = isRecord(config) && isUrl(config.apiUrl) ? [config.apiUrl] : []
  const targets = sentry.tracingTargets
  return {
    dsn: isUrl(sentry.dsn) ? sentry.dsn : undefined,
    tracingTargets:
      Array.isArray(targets) && targets.every((target) => typeof target === 'string' && target !== '')
        ? targets
        : apiUrl,
    environment:
      typeof sentry.environment === 'string' && sentry.environment ? sentry.environment : undefined,
  }
}
