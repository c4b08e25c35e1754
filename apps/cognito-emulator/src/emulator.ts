import { join } from 'node:path'
import { type Clock, systemClock } from './clock.ts'
import type { PoolConfig } from './config.ts'
import {
  type Context,
  findUser,
  newUser,
  normaliseEmail,
  poolFromConfig,
  sendCode,
  temporaryPasswordLifetime,
} from './context.ts'
import { CognitoError } from './errors.ts'
import { JsonFile } from './json-file.ts'
import { mailLine } from './mailbox.ts'
import { createGroupRecord } from './operations/groups.ts'
import { operations } from './operations/index.ts'
import { hashPassword } from './passwords.ts'
import { type MailMessage, type State, StateStore } from './state.ts'
import { type KeysFile, loadSigningKeys, TokenIssuer } from './tokens.ts'
import { Params } from './validation.ts'

export interface EmulatorOptions {
  /** Public base URL (COGNITO_ENDPOINT): the token issuer is `${baseUrl}/${poolId}`. */
  baseUrl: string
  pools: PoolConfig[]
  /** State and keys live in `${dataDir}/cognito/`. */
  dataDir: string
  clock?: Clock
  /** Told about every message "sent"; by default one console line each. */
  onMail?: (message: MailMessage) => void
  /** scrypt's cost (N) for new password hashes; tests lower it for speed. */
  passwordHashCost?: number
  /** Code mails a user may ask for again within an hour (Resend, ForgotPassword); 5 by default. */
  codeMailsPerHour?: number
}

/**
 * Cognito limits how many codes one user can have mailed per hour and answers LimitExceededException past it;
 * AWS does not publish the figure, and a few per hour is what it allows in practice.
 */
const defaultCodeMailsPerHour = 5

/** The user pools, their state on disk, and the one-at-a-time execution of operations. */
export class Emulator {
  readonly pools: PoolConfig[]
  readonly #context: Context
  #queue: Promise<unknown> = Promise.resolve()

  private constructor(pools: PoolConfig[], context: Context) {
    this.pools = pools
    this.#context = context
  }

  static async open(options: EmulatorOptions): Promise<Emulator> {
    const folder = join(options.dataDir, 'cognito')
    const clock = options.clock ?? systemClock
    const keys = await loadSigningKeys(
      new JsonFile<KeysFile>(join(folder, 'keys.json')),
      options.pools.map((pool) => pool.id),
    )
    const context: Context = {
      clock,
      pools: options.pools.map(poolFromConfig),
      store: new StateStore(new JsonFile<State>(join(folder, 'state.json'))),
      tokens: new TokenIssuer(keys, options.baseUrl, clock),
      passwordHashCost: options.passwordHashCost ?? 16384,
      onMail: options.onMail ?? ((message) => console.log(mailLine(message))),
      codeMailsPerHour: options.codeMailsPerHour ?? defaultCodeMailsPerHour,
    }
    const emulator = new Emulator(options.pools, context)
    await emulator.#seed()
    return emulator
  }

  /**
   * Runs one operation and saves the state it leaves (failed attempts count too). Operations run one at a
   * time, in arrival order, so each sees the state the previous one wrote.
   */
  /** `signed`: the request carried a signature the HTTP layer verified. */
  run(operation: string, body: unknown, signed: boolean): Promise<object> {
    const result = this.#queue.then(() => this.#execute(operation, body, signed))
    this.#queue = result.catch(() => undefined)
    return result
  }

  /** Whether an operation is IAM-authorised at Cognito (an admin operation): it needs a signed request. */
  requiresCredentials(operation: string): boolean {
    return Object.hasOwn(operations, operation) && operations[operation]?.signed === true
  }

  /** Messages "sent", newest first; only those to `email` (any case) when given. */
  mailbox(email?: string): MailMessage[] {
    const messages = this.#context.store.state.mailbox
    if (email === undefined) return messages
    const address = normaliseEmail(email)
    return messages.filter((message) => message.email === address)
  }

  issuer(poolId: string): string {
    return this.#context.tokens.issuer(poolId)
  }

  jwks(poolId: string) {
    return this.#context.tokens.jwks(poolId)
  }

  async #execute(name: string, body: unknown, signed: boolean): Promise<object> {
    // Own properties only: "constructor" or "__proto__" must not reach Object.prototype.
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined
    if (!operation) {
      throw new CognitoError(
        'UnsupportedOperationException',
        `The emulator does not implement ${name || 'this operation'}`,
      )
    }
    if (operation.signed && !signed) {
      throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token')
    }
    try {
      return await operation.run(this.#context, new Params(body))
    } finally {
      this.#context.store.save(this.#context.clock.now())
    }
  }

  /**
   * Creates the configured groups that do not exist yet, and puts each demo user back into its groups (a demo
   * account keeps the role the start-up banner prints for it); other members are left as they are.
   */
  #seedGroups() {
    const context = this.#context
    for (const pool of context.pools) {
      const config = this.pools.find((candidate) => candidate.id === pool.id)
      const groups = context.store.groupsOf(pool.id)
      for (const { name, description, precedence } of config?.groups ?? []) {
        if (!Object.hasOwn(groups, name)) createGroupRecord(context, pool, { name, description, precedence })
      }
      for (const seed of config?.seedUsers ?? []) {
        const user = findUser(context, pool, seed.email)
        for (const name of seed.groups ?? []) {
          const group = groups[name]
          if (user && group && !group.members.includes(user.sub)) group.members.push(user.sub)
        }
      }
    }
  }

  /** Creates the configured demo users that do not exist yet; existing accounts are left as they are. */
  async #seed() {
    const context = this.#context
    const now = context.clock.now()
    const missing = context.pools.flatMap((pool) =>
      (this.pools.find((config) => config.id === pool.id)?.seedUsers ?? []).flatMap((seed) => {
        const existing = findUser(context, pool, seed.email)
        // A seeded temporary password stays usable across restarts until it is replaced.
        if (existing?.status === 'FORCE_CHANGE_PASSWORD' && seed.temporaryPassword) {
          existing.temporaryPasswordExpiresAt = now + temporaryPasswordLifetime
        }
        return existing ? [] : [{ pool, seed }]
      }),
    )
    const prepared = await Promise.all(
      missing.map(async (entry) => ({
        ...entry,
        hash: await hashPassword(entry.seed.password, context.passwordHashCost),
      })),
    )
    for (const { pool, seed, hash } of prepared) {
      const confirmed = seed.confirmed ?? true
      const user = newUser(context, pool, {
        email: normaliseEmail(seed.email),
        status: seed.temporaryPassword ? 'FORCE_CHANGE_PASSWORD' : confirmed ? 'CONFIRMED' : 'UNCONFIRMED',
        emailVerified: confirmed,
        passwordHash: hash,
        ...(seed.temporaryPassword ? { temporaryPasswordExpiresAt: now + temporaryPasswordLifetime } : {}),
      })
      if (user.status === 'UNCONFIRMED') sendCode(context, pool, user, 'signUp', 'sign_up', user.email)
    }
    this.#seedGroups()
    context.store.save(now)
  }
}
