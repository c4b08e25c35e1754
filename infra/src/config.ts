import { readEnv } from '@furfes/api/src/env.ts'

/**
 * What differs between one deployment and another. `bin/app.ts` reads it from the `furfes` context key of
 * cdk.json, so the committed file is the record of what is deployed. Everything has a default that works
 * for a first deployment without a custom domain.
 */

/** Cognito's user pools, the API and the database live here; the spec names the region. */
export const region = 'ap-northeast-1'

/** A name served by CloudFront or API Gateway instead of the generated one. */
export interface CustomDomain {
  /** For example `www.furfes.example`. */
  domainName: string
  /**
   * An issued ACM certificate covering the name. CloudFront only takes certificates from us-east-1; the
   * API's regional custom domain needs one from ap-northeast-1.
   */
  certificateArn: string
}

export interface FurfesConfig {
  /** Prefix of resource names, secret names and alarm names: `furfes-prod-…`. */
  stage: string
  /** The external inquiry form the contact-us page opens (spec: "replaces the page with an external URL"). */
  contactUrl: string
  domains: {
    pwa?: CustomDomain
    reception?: CustomDomain
    api?: CustomDomain
  }
  /**
   * The sender of every mail: the API's receipts and lapse mails, and Cognito's verification codes and admin
   * invitations, all through Amazon SES in ap-northeast-1 (src/mail.ts verifies the address's domain with
   * DKIM; its DNS records must be published and SES must be out of its sandbox before the rush).
   */
  email: { fromAddress: string; fromName?: string; replyTo?: string }
  /** Alarm notifications go to this address (an SNS e-mail subscription the recipient confirms once). */
  alarmEmail?: string
  api: {
    memoryMb: number
    /**
     * The most API instances that run at once. Each holds `databasePoolSize` connections, so this times that
     * must stay below the database's max_connections (about 400 on a db.t4g.medium).
     */
    reservedConcurrency: number
    databasePoolSize: number
    /** API Gateway's steady-state and burst request limits for the whole API (requests per second). */
    throttleRate: number
    throttleBurst: number
    /** TIER_CAPACITIES: spots per tier, `member=300,fursuiter=150,…`; empty keeps the API's defaults. */
    tierCapacities: string
    /**
     * VENUE: the venue paid participants are told on My Page and in the receipt, as GET /venue answers it
     * (`name`, `address`, `access` in ja and en, `map_url`, `entry_time`). Left out until the committee
     * announces it: nobody is told (decision 123).
     */
    venue?: Record<string, unknown>
    /**
     * Change it (any new text) after putting a new value into a secret: the API reads its secrets when an
     * instance starts, and a changed environment makes every instance start afresh.
     */
    secretsRevision: string
  }
  database: {
    /** An RDS instance class without the `db.` prefix. */
    instanceType: string
    /** A standby in a second availability zone: failover in one to two minutes instead of a restore. */
    multiAz: boolean
    allocatedStorageGiB: number
    maxAllocatedStorageGiB: number
    /** Automated backups and point-in-time restore reach this many days back (1 to 35). */
    backupRetentionDays: number
  }
  network: {
    /** NAT gateways for the API's way out (Cognito's keys, Stripe, Secrets Manager). One per AZ is sturdier. */
    natGateways: number
  }
  monitoring: {
    /** API 5xx answers per minute that raise the alarm. */
    api5xxPerMinute: number
  }
  firewall: {
    /**
     * Requests to Cognito (sign-in, sign-up, codes, token refreshes) one IP address may make in five
     * minutes before AWS WAF blocks it (decision 082). Many phones share an address behind mobile carriers'
     * NAT and the venue Wi-Fi, so it is far above what one person needs (about ten calls to sign up).
     */
    cognitoRequestsPerIpPer5Minutes: number
    /**
     * Requests to the API one IP address may make in five minutes before AWS WAF blocks it (decision 082).
     * Every screen of the apps calls the API, and a whole venue's Wi-Fi or a carrier's NAT can share one
     * address, so it is ten requests a second on average: far above a person, far below a flood.
     */
    apiRequestsPerIpPer5Minutes: number
  }
  /** Error reporting in the web apps (runtime config `sentry`); left out, it is off. */
  sentry?: { dsn?: string; tracingTargets: string[]; environment?: string }
}

export const defaultConfig: FurfesConfig = {
  stage: 'prod',
  contactUrl: 'https://forms.gle/replace-with-the-committee-inquiry-form',
  domains: {},
  // A placeholder like contactUrl: replace it with the committee's domain, then publish the DKIM records.
  email: { fromAddress: 'no-reply@furfes.example', fromName: 'Tokyo Furry Fes' },
  api: {
    memoryMb: 1024,
    reservedConcurrency: 100,
    databasePoolSize: 2,
    throttleRate: 1000,
    throttleBurst: 2000,
    tierCapacities: '',
    secretsRevision: '1',
  },
  database: {
    instanceType: 't4g.medium',
    multiAz: true,
    allocatedStorageGiB: 20,
    maxAllocatedStorageGiB: 100,
    backupRetentionDays: 14,
  },
  network: { natGateways: 1 },
  monitoring: { api5xxPerMinute: 5 },
  firewall: { cognitoRequestsPerIpPer5Minutes: 1000, apiRequestsPerIpPer5Minutes: 3000 },
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }
export type FurfesConfigInput = DeepPartial<FurfesConfig>

/** The defaults with the given values laid over them, checked so a typo fails the synth, not the deploy. */
export function resolveConfig(input: FurfesConfigInput = {}): FurfesConfig {
  const config: FurfesConfig = {
    ...defaultConfig,
    ...(input as Partial<FurfesConfig>),
    domains: { ...(input.domains as FurfesConfig['domains']) },
    email: { ...defaultConfig.email, ...(input.email as Partial<FurfesConfig['email']>) },
    api: { ...defaultConfig.api, ...(input.api as Partial<FurfesConfig['api']>) },
    database: { ...defaultConfig.database, ...(input.database as Partial<FurfesConfig['database']>) },
    network: { ...defaultConfig.network, ...(input.network as Partial<FurfesConfig['network']>) },
    monitoring: { ...defaultConfig.monitoring, ...(input.monitoring as Partial<FurfesConfig['monitoring']>) },
    firewall: { ...defaultConfig.firewall, ...(input.firewall as Partial<FurfesConfig['firewall']>) },
  }
  const problems: string[] = []
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(config.stage)) problems.push('stage: lower-case letters, digits, -')
  if (!URL.canParse(config.contactUrl)) problems.push('contactUrl: an absolute URL')
  if (!/^[^@\s]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(config.email.fromAddress)) {
    problems.push('email.fromAddress: an address at the sender domain (no-reply@example.org)')
  }
  for (const [name, domain] of Object.entries(config.domains)) {
    if (domain && (!domain.domainName || !domain.certificateArn?.startsWith('arn:aws:acm:'))) {
      problems.push(`domains.${name}: domainName and an ACM certificateArn`)
    }
  }
  if (config.database.backupRetentionDays < 1 || config.database.backupRetentionDays > 35) {
    problems.push(
      'database.backupRetentionDays: 1 to 35 (0 would switch backups and point-in-time restore off)',
    )
  }
  if (config.api.reservedConcurrency < 1 || config.api.databasePoolSize < 1) {
    problems.push('api.reservedConcurrency and api.databasePoolSize: at least 1')
  }
  for (const [name, rateLimit] of Object.entries(config.firewall)) {
    if (!Number.isInteger(rateLimit) || rateLimit < 10 || rateLimit > 2_000_000_000) {
      problems.push(`firewall.${name}: a whole number from 10 (AWS WAF allows no less)`)
    }
  }
  if (config.api.venue !== undefined) {
    try {
      readEnv({ VENUE: JSON.stringify(config.api.venue) })
    } catch (error) {
      problems.push(`api.venue: ${(error as Error).message.split('\n').slice(1).join('; ').trim()}`)
    }
  }
  if (problems.length > 0) throw new Error(`Invalid furfes configuration:\n  ${problems.join('\n  ')}`)
  return config
}
