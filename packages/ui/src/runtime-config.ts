import { z } from 'zod'

const poolSchema = z.object({ userPoolId: z.string().min(1), clientId: z.string().min(1) })

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
    region: z.string().min(1),
    endpoint: z.url(),
    members: poolSchema,
    admins: poolSchema,
  }),
})
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

export async function loadRuntimeConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchConfig('/config.json', { cache: 'no-cache' })
  if (!response.ok) throw new Error(`Loading /config.json failed with HTTP ${response.status}`)
  return runtimeConfigSchema.parse(await response.json())
}
