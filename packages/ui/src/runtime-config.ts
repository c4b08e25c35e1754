// zod/mini: the site reads this file on every page load, and the full zod build costs a slow phone ~150 ms of
// script evaluation before it can parse one object. The schema and its errors are the same.
import * as z from 'zod/mini'

const poolSchema = z.object({
  userPoolId: z.string().check(z.minLength(1)),
  clientId: z.string().check(z.minLength(1)),
})

/**
 * Where a built web app finds its services. It is read at run time from `/config.json`, so one build runs
 * against the emulators locally, on the e2e ports in tests, and against AWS and the real API in production
 * (the deploy writes the file next to index.html).
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
  pwaUrl: z.url(),
  receptionUrl: z.url(),
  contactUrl: z.url(),
  cognito: z.object({
    region: z.string().check(z.minLength(1)),
    endpoint: z.url(),
    members: poolSchema,
    admins: poolSchema,
  }),
  /** How long one API request may take before it counts as a network failure (decision 016); core's default without it. */
  apiTimeoutMs: z.optional(z.int().check(z.positive())),
  /** Reception tablets only. */
  reception: z.optional(
    z.object({
      /** Hours without use after which a tablet signs out and forgets its personal data (decision 077). */
      idleWipeHours: z.optional(z.number().check(z.positive())),
    }),
  ),
  /** Error reporting; without a DSN it is off. */
  sentry: z.optional(
    z.object({
      dsn: z.optional(z.url()),
      /** Hosts or URL prefixes whose requests carry tracing headers. */
      tracingTargets: z.array(z.string().check(z.minLength(1))),
      environment: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
})
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

export async function loadRuntimeConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchConfig('/config.json', { cache: 'no-cache' })
  if (!response.ok) throw new Error(`Loading /config.json failed with HTTP ${response.status}`)
  return runtimeConfigSchema.parse(await response.json())
}
