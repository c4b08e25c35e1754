import { join } from 'node:path'
import { z } from 'zod'

const port = z.coerce.number().int().min(0).max(65535)
/** An unset variable and an empty one mean the same: use the default. */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)

const schema = z.object({
  PORT: z.preprocess(blankAsUnset, port.default(12111)),
  HOST: z.preprocess(blankAsUnset, z.string().default('127.0.0.1')),
  STRIPE_SECRET_KEY: z.preprocess(blankAsUnset, z.string().default('sk_test_furfes_local_development_key')),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankAsUnset,
    z.string().default('whsec_furfes_local_development_secret'),
  ),
  STRIPE_WEBHOOK_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_API_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().optional()),
})

export interface EmulatorEnv {
  port: number
  host: string
  secretKey: string
  webhookSecret: string
  /** null: events are recorded at /_emulator/events but sent nowhere. */
  webhookUrl: string | null
  /** Public base URL for the hosted page links; defaults to http://localhost:<port>. */
  publicUrl: string
  /** `${DATA_DIR}/stripe`, or null to keep everything in memory. */
  stateDir: string | null
}

/** The emulator's configuration from its environment; a bad value stops it with a message naming the variable. */
export function readEnv(env: Record<string, string | undefined>): EmulatorEnv {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid Stripe emulator environment:\n${problems.join('\n')}`)
  }
  const values = parsed.data
  return {
    port: values.PORT,
    host: values.HOST,
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    webhookUrl: values.STRIPE_WEBHOOK_URL ?? null,
    publicUrl: (values.STRIPE_API_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    stateDir: values.DATA_DIR === undefined ? null : join(values.DATA_DIR, 'stripe'),
  }
}
