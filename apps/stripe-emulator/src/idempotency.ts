import { StripeApiError } from './errors.ts'

interface Saved {
  path: string
  body: string
  status: number
  response: string
  savedAt: number
}

export type IdempotencyLookup =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; response: string }
  | { kind: 'conflict'; error: StripeApiError }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Stripe's idempotent requests: a POST repeated with the same Idempotency-Key and the same parameters gets
 * the first response again instead of acting twice; the same key with other parameters or on another
 * endpoint is refused. Keys are kept 24 hours, per API key.
 */
export class IdempotencyCache {
  readonly #now: () => number
  readonly #saved = new Map<string, Saved>()
  /** Keys whose first request is still going through. */
  readonly #inProgress = new Set<string>()

  /** @param now milliseconds since the epoch, from the emulator's clock */
  constructor(now: () => number) {
    this.#now = now
  }

  lookup(apiKey: string, key: string, path: string, body: string): IdempotencyLookup {
    this.#forgetOld()
    const saved = this.#saved.get(`${apiKey}\n${key}`)
    if (!saved) return { kind: 'new' }
    const retry = `Try using a key other than '${key}' if you meant to execute a different request.`
    if (saved.path !== path) {
      return {
        kind: 'conflict',
        error: new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.path}' vs '${path}'). ${retry}`,
        }),
      }
    }
    if (saved.body !== body) {
      return {
        kind: 'conflict',
        error: new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
        }),
      }
    }
    return { kind: 'replay', status: saved.status, response: saved.response }
  }

  /**
   * Marks the key's request as going through until `end` is called. Stripe refuses a second request with the
   * key meanwhile (409, which its SDKs retry) rather than running it again: answers false then.
   */
  begin(apiKey: string, key: string): boolean {
    const id = `${apiKey}\n${key}`
    if (this.#inProgress.has(id)) return false
    this.#inProgress.add(id)
    return true
  }

  end(apiKey: string, key: string): void {
    this.#inProgress.delete(`${apiKey}\n${key}`)
  }

  save(apiKey: string, key: string, entry: Omit<Saved, 'savedAt'>): void {
    this.#saved.set(`${apiKey}\n${key}`, { ...entry, savedAt: this.#now() })
  }

  #forgetOld(): void {
    const cutoff = this.#now() - DAY_MS
    for (const [key, saved] of this.#saved) if (saved.savedAt < cutoff) this.#saved.delete(key)
  }
}
