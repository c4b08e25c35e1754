import { createHash } from 'node:crypto'
import type { Clock, PushMessage } from '@furfes/core'
import { type SQL, sql } from 'drizzle-orm'
import webPush from 'web-push'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import type { Logger } from '../logger.ts'

/*
 * Sending what the push outbox owes (decision 176). Rows are claimed with a lease, as mail is (decision 100), so
 * two senders never send the same row at once and a sender that died is replaced. A push the push service took
 * is recorded as sent; one it did not take is retried with backoff. Should a sender die after the push service
 * took a push and before recording it, the push goes again; its Topic makes the push service replace the first
 * if it is still undelivered, and its notification tag makes the device show one.
 */

interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

interface PushDelivery {
  message: PushMessage
  urgency: 'normal' | 'high'
  ttlSeconds: number
  /** Same topic, same push: the push service keeps only the latest undelivered one. */
  topic: string
}

/** The push service's refusal, with its HTTP status. */
class PushRefusedError extends Error {
  override readonly name = 'PushRefusedError'
  readonly statusCode: number

  constructor(statusCode: number, message: string) {
    super(message)
    this.statusCode = statusCode
  }
}

export type PushSend = (target: PushTarget, delivery: PushDelivery) => Promise<void>

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/**
 * Sends with the `web-push` library's request (RFC 8291 encryption, aes128gcm, and a VAPID signature, RFC 8292)
 * over fetch, which also reaches the local push stand-in over plain HTTP (the library's own sender speaks HTTPS
 * only). Any answer but 2xx is a {@link PushRefusedError}.
 */
export function createWebPushSend(vapid: VapidKeys, options: { timeoutMs?: number } = {}): PushSend {
  return async (target, delivery) => {
    const request = webPush.generateRequestDetails(target, JSON.stringify(delivery.message), {
      vapidDetails: vapid,
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      topic: delivery.topic,
      contentEncoding: 'aes128gcm',
    })
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    if (!response.ok) {
      const text = await response.text()
      throw new PushRefusedError(response.status, `${response.status} ${text}`.slice(0, 500))
    }
  }
}

/** A Web Push topic from the push's subject: at most 32 characters of the URL-safe alphabet (RFC 8030). */
const topicOf = (subject: string) => createHash('sha256').update(subject).digest('base64url').slice(0, 32)

export interface PushOutboxOptions {
  db: Executor
  clock: Clock
  logger: Logger
  send: PushSend
  leaseMs?: number
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** Attempts after which a push is given up (recorded failed). */
  maxAttempts?: number
  batchSize?: number
}

interface PushDrainCounts {
  sent: number
  /** Pushes whose subscription the push service said is gone: the subscription was deleted. */
  gone: number
  retried: number
  failed: number
}

export interface PushOutbox {
  /** Sends the pushes that are due; never throws for one push. */
  drain(): Promise<PushDrainCounts>
}

interface ClaimedPush {
  pushId: string
  subscriptionId: string
  subject: string
  attempts: number
  target: PushTarget
  message: PushMessage
  urgency: 'normal' | 'high'
  expiresAt: number
}

export function createPushOutbox(options: PushOutboxOptions): PushOutbox {
  const { db, clock, send } = options
  const logger = options.logger.child({ component: 'push' })
  const leaseMs = options.leaseMs ?? 60_000
  const baseBackoffMs = options.baseBackoffMs ?? 15_000
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000
  const maxAttempts = options.maxAttempts ?? 10
  const batchSize = options.batchSize ?? 50

  async function claim(now: number): Promise<ClaimedPush[]> {
    const rows = await queryRows<{
      push_id: string
      subscription_id: string
      subject: string
      attempts: number
      endpoint: string
      p256dh: string
      auth: string
      message: PushMessage | string
      urgency: 'normal' | 'high'
      expires_at: string | Date
    }>(
      db,
      sql`with claimed as (
            update push_outbox set lease_until = ${iso(now + leaseMs)}::timestamptz, attempts = attempts + 1
            where push_id in (
              select push_id from push_outbox
              where status = 'pending' and next_attempt_at <= ${iso(now)}::timestamptz
                and (lease_until is null or lease_until <= ${iso(now)}::timestamptz)
              order by next_attempt_at
              limit ${batchSize}
              for update skip locked
            )
            returning push_id, subscription_id, subject, attempts, message, urgency, expires_at
          )
          select claimed.*, s.endpoint, s.p256dh, s.auth
          from claimed join push_subscriptions s using (subscription_id)`,
    )
    return rows.map((row) => ({
      pushId: row.push_id,
      subscriptionId: row.subscription_id,
      subject: row.subject,
      attempts: Number(row.attempts),
      target: { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      message: typeof row.message === 'string' ? (JSON.parse(row.message) as PushMessage) : row.message,
      urgency: row.urgency,
      expiresAt: new Date(row.expires_at).getTime(),
    }))
  }

  /** Records how the attempt ended while the claim is still this sender's (`attempts` tells whose it is). */
  async function settle(push: ClaimedPush, set: SQL): Promise<void> {
    await db.execute(
      sql`update push_outbox set ${set}, lease_until = null
          where push_id = ${push.pushId}::uuid and status = 'pending' and attempts = ${push.attempts}`,
    )
  }

  async function deliver(push: ClaimedPush, counts: PushDrainCounts): Promise<void> {
    const fields = { pushId: push.pushId, subscriptionId: push.subscriptionId, subject: push.subject }
    const now = clock()
    if (push.expiresAt <= now) {
      await settle(push, sql`status = 'failed', last_error = 'expired before it could be sent'`)
      counts.failed++
      logger.warn('Push expired before it could be sent', { ...fields, attempts: push.attempts })
      return
    }
    try {
      await send(push.target, {
        message: push.message,
        urgency: push.urgency,
        ttlSeconds: Math.ceil((push.expiresAt - now) / 1000),
        topic: topicOf(push.subject),
      })
      await db.execute(
        sql`update push_outbox set status = 'sent', sent_at = ${iso(clock())}::timestamptz, lease_until = null,
            last_error = null where push_id = ${push.pushId}::uuid`,
      )
      counts.sent++
      logger.info('Push sent', { ...fields, attempts: push.attempts })
    } catch (error) {
      if (error instanceof PushRefusedError && (error.statusCode === 404 || error.statusCode === 410)) {
        // The browser unsubscribed or the push service dropped it: the subscription, and what it was owed, go.
        await db.execute(
          sql`delete from push_subscriptions where subscription_id = ${push.subscriptionId}::uuid`,
        )
        counts.gone++
        logger.info('Push subscription gone; deleted', { ...fields, status: error.statusCode })
        return
      }
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      if (push.attempts >= maxAttempts) {
        await settle(push, sql`status = 'failed', last_error = ${message}`)
        counts.failed++
        logger.error('Push not delivered after its last attempt', {
          ...fields,
          attempts: push.attempts,
          error,
        })
        return
      }
      const delay = Math.min(maxBackoffMs, baseBackoffMs * 2 ** Math.max(0, push.attempts - 1))
      await settle(push, sql`next_attempt_at = ${iso(clock() + delay)}::timestamptz, last_error = ${message}`)
      counts.retried++
      logger.warn('Push not delivered; it will be retried', {
        ...fields,
        attempts: push.attempts,
        retryInMs: delay,
        error: message,
      })
    }
  }

  let draining: Promise<PushDrainCounts> | undefined
  async function drainOnce(): Promise<PushDrainCounts> {
    const counts: PushDrainCounts = { sent: 0, gone: 0, retried: 0, failed: 0 }
    for (const push of await claim(clock())) await deliver(push, counts)
    return counts
  }
  return {
    drain() {
      // One drain at a time per instance; a call during a drain shares its result.
      draining ??= drainOnce().finally(() => {
        draining = undefined
      })
      return draining
    },
  }
}
