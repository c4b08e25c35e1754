import { resolve } from 'node:path'
import { parseRefundPolicy, type RegistrationTier, registrationTiers, venueWireSchema } from '@furfes/core'
import { z } from 'zod'

/*
 * The API's configuration: every variable, typed and checked at start. Documented in ../.env.example.
 * `npm start` (scripts/services.mjs) sets the service URLs, the Cognito pool ids and the Stripe secrets.
 */

/** apps/api: this file is src/env.ts, and bundled it is dist/main.js, one level down in both cases. */
export const packageRoot = resolve(import.meta.dirname, '..')

const boolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
const seconds = z.coerce.number().int().nonnegative()
const positive = z.coerce.number().int().positive()

/** `member=300,fursuiter=100,…`: spots per tier. Tiers left out keep their default. */
const tierCapacitiesSchema = z.string().transform((value, ctx): Record<RegistrationTier, number> => {
  const capacities = { ...defaultTierCapacities }
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [tier, count] = entry.split('=').map((part) => part.trim())
    const capacity = Number(count)
    if (
      !registrationTiers.includes(tier as RegistrationTier) ||
      !Number.isSafeInteger(capacity) ||
      capacity < 0
    ) {
      ctx.addIssue({ code: 'custom', message: `expected tier=capacity with a known tier, got "${entry}"` })
      return z.NEVER
    }
    capacities[tier as RegistrationTier] = capacity
  }
  return capacities
})

/**
 * Spots per tier when TIER_CAPACITIES does not say. The spec gives no numbers; these are placeholders that seed
 * the first edition, whose capacities the committee then edits (decision 155).
 */
export const defaultTierCapacities: Readonly<Record<RegistrationTier, number>> = {
  member: 300,
  fursuiter: 150,
  sponsor: 50,
  sponsor_fursuiter: 50,
}

/** The venue as one JSON object in the shape GET /venue answers (decision 123). */
const venueSchema = z
  .string()
  .transform((value, ctx): unknown => {
    try {
      return JSON.parse(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected the venue as one JSON object' })
      return z.NEVER
    }
  })
  .pipe(venueWireSchema)

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),

  DATA_DIR: z.string().min(1).default(resolve(packageRoot, '../../.data')),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: positive.default(10),

  API_URL: z.url().default('http://localhost:8787'),
  PWA_URL: z.url().default('http://localhost:5173'),
  RECEPTION_URL: z.url().default('http://localhost:5174'),

  COGNITO_ENDPOINT: z.url().default('http://localhost:9229'),
  COGNITO_MEMBERS_POOL_ID: z.string().min(1).default('ap-northeast-1_Mbr7fQx2K'),
  COGNITO_MEMBERS_CLIENT_ID: z.string().min(1).default('4f1vq0m3sdo8k2j5t6n7b9c0ha'),
  COGNITO_ADMINS_POOL_ID: z.string().min(1).default('ap-northeast-1_Adm3xRt9Q'),
  COGNITO_ADMINS_CLIENT_ID: z.string().min(1).default('7a2kd9e1fh3gj4lm5np6qr8stu'),
  /** The region of the user pools, which signs the API's admin calls (AdminListGroupsForUser). */
  COGNITO_REGION: z.string().min(1).default('ap-northeast-1'),
  /**
   * The access key the API signs admin calls with locally (`npm start` passes the emulator's development key);
   * unset in production, where the process's AWS credentials sign.
   */
  COGNITO_ADMIN_ACCESS_KEY_ID: z.string().min(1).optional(),
  COGNITO_ADMIN_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  EMAIL_SYNC_INTERVAL_SECONDS: seconds.default(60),
  /** How long Cognito's confirmation of an access token counts: a signed-out token works at most this long. */
  TOKEN_RECHECK_SECONDS: seconds.default(5),
  /**
   * How long an instance Cognito does not answer still takes writes with tokens it cannot confirm; past it they
   * answer 503 highTraffic until Cognito answers again (decision 147).
   */
  TOKEN_FAIL_OPEN_SECONDS: seconds.default(60),

  /** Stripe through the official SDK, the only provider; tests of the lifecycle inject a stub instead. */
  PAYMENT_GATEWAY: z.enum(['stripe']).default('stripe'),
  /** Unset: Stripe itself (https://api.stripe.com). `npm start`: the Stripe emulator. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Unset (production): a pending registration holds its spot, and its checkout session lasts, the current
   * edition's `checkoutMinutes` (decision 155), at least Stripe's 30 minutes plus a minute's margin. Set, it
   * replaces the edition's for tests and rehearsals; shorter than Stripe allows keeps the session at Stripe's
   * minimum and ends it when the hold is released (decision 031).
   */
  CHECKOUT_SESSION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(24 * 60 * 60)
    .optional(),
  /**
   * The edition a database without any is seeded with (decision 155): `first`, the spec's event (production), or
   * `development`, an edition on sale on the day the database is made, with a demo venue (`npm start`, the e2e
   * stack). Either is seeded once; after that the database is the truth.
   */
  EDITION_SEED: z.enum(['first', 'development']).default('first'),
  TIER_CAPACITIES: tierCapacitiesSchema.prefault(''),
  /**
   * How long a new registration holds its spot until its checkout session is recorded; a process that dies
   * in between leaves a hold that ends this long after it was taken (decision 056).
   */
  CHECKOUT_CLAIM_SECONDS: positive.max(300).default(30),
  /** Expired holds and passed claims are given back this often, so a crash frees its spots within a minute. */
  EXPIRY_SWEEP_INTERVAL_SECONDS: seconds.default(15),
  SOLD_OUT_CACHE_MS: seconds.default(1000),
  /**
   * How often this instance erases the personal data of editions whose retention period has ended (decision
   * 161), the first time a minute after start; 0: never (on Lambda a scheduled function does).
   */
  RETENTION_INTERVAL_SECONDS: seconds.default(24 * 60 * 60),
  /**
   * Unset (production): a waiting-list offer holds its spot for the current edition's `offerHours` before passing
   * on (decisions 115 and 155). Set, it replaces the edition's for tests and rehearsals.
   */
  WAITING_LIST_OFFER_SECONDS: positive.max(7 * 24 * 60 * 60).optional(),

  /**
   * Mail (decisions 100 and 101): `smtp` to MAIL_SMTP_URL (the mail catcher locally), or `ses` through Amazon
   * SES's API with the process's AWS credentials (production).
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'ses']).default('smtp'),
  MAIL_SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_SES_REGION: z.string().min(1).default('ap-northeast-1'),
  MAIL_SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /** A stand-in for SES v2's endpoint (tests, local use); unset in production, where the region's is used. */
  MAIL_SES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('"東京ふぁーりーフェス / Tokyo Furry Fes" <no-reply@furfes.example>'),
  MAIL_REPLY_TO: z.email().optional(),
  /** How often this instance sends what the outbox owes; 0: never (on Lambda a scheduled function does). */
  MAIL_DRAIN_INTERVAL_MS: z.coerce.number().int().nonnegative().default(2000),
  MAIL_RETRY_BASE_SECONDS: positive.default(30),
  MAIL_RETRY_MAX_SECONDS: positive.default(3600),
  /** The venue as the receipt names it, per language (the site names only the city). */
  EVENT_VENUE_JA: z.string().min(1).default('東京都内の会場（会場名と住所は開催前にメールでお知らせします）'),
  EVENT_VENUE_EN: z
    .string()
    .min(1)
    .default('A venue in Tokyo (its name and address follow by mail before the event)'),

  /**
   * The venue paid participants are told (GET /venue, the receipt): name, address and access in ja and en, a map
   * link and when entry opens. Unset until the committee announces it; then nobody is told, and the receipt names
   * the place with EVENT_VENUE_JA/EN (decision 123). GET /venue answers the current edition's venue: this seeds
   * the first edition only (decision 155).
   */
  VENUE: venueSchema.optional(),

  /**
   * The refund policy's two cut-off days, `YYYY-MM-DD,YYYY-MM-DD` (decision 110). The published pages are built
   * from core's policy, so production leaves this unset and changes core's value; test stacks and rehearsals
   * set it to put today in a chosen period. The API warns at start when it differs from the published one.
   */
  REFUND_POLICY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined
      try {
        return parseRefundPolicy(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
        return z.NEVER
      }
    }),

  /**
   * Web Push (decision 176): the VAPID key pair, base64url as `web-push generate-vapid-keys` prints it. Production
   * reads both from Secrets Manager; unset locally, a pair is generated once into DATA_DIR/api/vapid.json.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services contact about our pushes (RFC 8292 `sub`). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .default('mailto:no-reply@furfes.example'),
  /**
   * The hosts subscriptions may point at, comma separated; a host matches itself and its subdomains. The API
   * posts to these only, so a subscription cannot make it call anything else. `npm start` adds the push stand-in.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How often this instance sends owed pushes and looks for due reminders; 0: never. */
  PUSH_DRAIN_INTERVAL_MS: z.coerce.number().int().nonnegative().default(5000),

  REGISTRATION_CODE_SIGNING_KEYS: z.string().min(1).optional(),
  REGISTRATION_CODE_LIFETIME_SECONDS: positive.default(7 * 24 * 60 * 60),

  FEATURE_FLAGS_CACHE_MS: seconds.default(1000),
  PUBLIC_PROFILES_CACHE_MS: seconds.default(5000),
  ADMISSION_MAX_CONCURRENT: positive.default(64),
  ADMISSION_MAX_QUEUE: seconds.default(2000),
  ADMISSION_MAX_WAIT_MS: positive.default(1000),
  VALIDATE_RESPONSES: boolean.default(true),
  SHUTDOWN_TIMEOUT_MS: positive.default(10_000),
})

export type Env = z.output<typeof envSchema>

/** Reads the configuration; a bad value stops the start with every problem listed. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = envSchema.safeParse(present)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid API configuration:\n${problems.join('\n')}`)
  }
  return result.data
}
