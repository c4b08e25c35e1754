import { randomUUID } from 'node:crypto'
import { firstEdition } from '@furfes/core'
import { sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase, queryRows } from '../src/db/database.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { createMailOutbox, mailLeaseMs } from '../src/mail/outbox.ts'
import { createMailService, type MailService } from '../src/mail/service.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  registrationRequest,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts'

/*
 * Several senders on one outbox (decision 100): two API instances' drains, each on its own connection pool to one
 * PostgreSQL database (on PGlite, two senders sharing its one connection), against a real SMTP server. Every
 * mail leaves exactly once, a sender that died holding mails gives them up when its lease passes, and a sender
 * that outlived its lease neither sends what another took over nor overwrites how it ended.
 */

/** The lease every sender takes, as the API's senders do. */
const leaseMs = mailLeaseMs
const retryBaseMs = 30_000

/** Resolves when `resolve` is called: a condition the test waits for, with no timer. */
function signal<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** An SMTP refusal for good, as a server answers for a mailbox that does not exist. */
function refusal(): Error {
  return Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
}

describe.each(databaseKinds)('several mail senders on one outbox on %s', (kind) => {
  const database = useTestDatabase(kind)
  const sut = useTestApi(database, { capacities: { member: 50 } })
  let smtp: TestSmtpServer
  /** Decides, per message, when the SMTP server answers it (all at once unless a test says otherwise). */
  let gate: (message: ParsedMail) => Promise<void>
  let secondConnection: Database
  const services: MailService[] = []

  beforeEach(async () => {
    gate = async () => {}
    smtp = await startSmtpServer({ beforeAccept: (message) => gate(message) })
    const { url } = database()
    // A second instance has its own pool; PGlite has one connection, which both senders then share.
    secondConnection =
      kind === 'postgres' && url
        ? await openDatabase({ kind: 'postgres', url, poolSize: 3 })
        : database().database
  })
  afterEach(async () => {
    for (const service of services.splice(0)) service.close()
    if (secondConnection !== database().database) await secondConnection.close()
    await smtp.stop()
  })

  /** A sender as an API instance builds it, on the given connection. */
  function sender(db: Database): MailService {
    const service = createMailService({
      db: db.db,
      gateway: sut.gateway,
      clock: sut.clock,
      logger: sut.logger,
      transport: { kind: 'smtp', url: smtp.url },
      from: '"Tokyo Furry Fes" <no-reply@furfes.test>',
      replyTo: undefined,
      pwaUrl: 'https://pwa.furfes.test',
      edition: async () => firstEdition,
      venue: { ja: 'テスト会場', en: 'Test Hall' },
      retryBaseMs,
      retryMaxMs: 60 * 60_000,
    })
    services.push(service)
    return service
  }

  /** `count` members who registered and paid: each owes one receipt. Answers their addresses. */
  async function paidMembers(count: number): Promise<string[]> {
    const emails: string[] = []
    for (let index = 0; index < count; index++) {
      const sub = randomUUID()
      const email = `payer-${index}-${sub.slice(0, 8)}@example.com`
      sut.identity.setEmail(sub, email)
      const created = await sut.request('POST', '/registration', {
        token: await sut.memberToken(sub),
        body: registrationRequest('member', `Payer ${index}`),
      })
      expect(created.status).toBe(201)
      expect(await payCheckout(sut, checkoutSessionOf(created))).toBe('paid')
      emails.push(email)
    }
    return emails
  }

  /** Accepted messages per recipient address. */
  function messagesPerRecipient(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const message of smtp.messages) {
      const to = [message.to ?? []]
        .flat()
        .flatMap((address) => address.value.map((item) => item.address ?? ''))
      for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1)
    }
    return counts
  }

  async function outboxRows() {
    return queryRows<{ mail_id: string; status: string; attempts: number; message_id: string | null }>(
      database().database.db,
      sql`select mail_id, status, attempts, message_id from mail_outbox order by mail_id`,
    )
  }

  /** Drains until a drain finds nothing due; answers how many this sender sent. */
  async function drainUntilIdle(service: MailService): Promise<number> {
    let sent = 0
    for (;;) {
      const result = await service.outbox.drain()
      sent += result.sent
      if (result.sent + result.retried + result.failed + result.skipped === 0) return sent
    }
  }

  it('delivers each of 50 receipts exactly once when two instances drain the outbox at the same time', async () => {
    const emails = await paidMembers(50)
    const first = sender(database().database)
    const second = sender(secondConnection)

    // The first message the server sees waits until a second one arrives: the senders provably overlap, the
    // second one sending while the first holds its claimed mails.
    const secondArrived = signal()
    let arrived = 0
    gate = async () => {
      arrived++
      if (arrived === 1) await secondArrived.promise
      if (arrived === 2) secondArrived.resolve()
    }
    // Two drains started at once on one instance are one drain.
    const both = [first.outbox.drain(), first.outbox.drain()]
    expect(both[0]).toBe(both[1])
    const [sentByFirst, sentBySecond] = await Promise.all([
      both[0]?.then(async (result) => result.sent + (await drainUntilIdle(first))),
      drainUntilIdle(second),
    ])

    expect(sentByFirst).toBeGreaterThan(0)
    expect(sentBySecond).toBeGreaterThan(0)
    expect((sentByFirst ?? 0) + sentBySecond).toBe(50)
    const perRecipient = messagesPerRecipient()
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort())
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true)
    const rows = await outboxRows()
    expect(rows).toHaveLength(50)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
    // Each message carries its own outbox id as Message-ID, so no two rows share a message.
    expect(new Set(smtp.messages.map((message) => message.messageId)).size).toBe(50)
    expect(await first.outbox.stats()).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 0 })
  })

  it('sends a mail whose sender died while sending it once its two-minute lease has passed, and not before', async () => {
    const [email] = await paidMembers(1)
    // A sender that claims the mail and never finishes (its process ended mid-send).
    const taken = signal()
    const dead = createMailOutbox({
      db: database().database.db,
      clock: sut.clock,
      logger: createMemoryLogger(),
      deliver: () => {
        taken.resolve()
        return new Promise(() => {})
      },
    })
    void dead.drain()
    await taken.promise

    const survivor = sender(secondConnection)
    expect(await survivor.outbox.drain()).toMatchObject({ sent: 0 })
    // The default lease, as every sender takes it: about twice the longest send (decision 100).
    sut.clock.advance(2 * 60_000 - 1)
    expect(await survivor.outbox.drain()).toMatchObject({ sent: 0 })
    sut.clock.advance(1)
    expect(await survivor.outbox.drain()).toMatchObject({ sent: 1 })

    expect(messagesPerRecipient()).toEqual(new Map([[email, 1]]))
    expect(await outboxRows()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })])
  })

  it('does not let a sender that outlived its lease resend what another sender took over, nor undo how it ended', async () => {
    const emails = await paidMembers(3)
    const slow = sender(database().database)
    const other = sender(secondConnection)

    // The slow sender's first message hangs at the mail server past its lease, then is refused for good.
    const held = signal()
    const answer = signal<Error>()
    let first = true
    gate = async () => {
      if (!first) return
      first = false
      held.resolve()
      throw await answer.promise
    }
    const slowDrain = slow.outbox.drain()
    await held.promise
    sut.clock.advance(leaseMs)
    // The other sender presumes it dead and sends all three mails, the hung one included.
    expect(await other.outbox.drain()).toMatchObject({ sent: 3 })

    answer.resolve(refusal())
    expect(await slowDrain).toMatchObject({ sent: 0 })

    expect(messagesPerRecipient()).toEqual(new Map(emails.map((email) => [email, 1])))
    const rows = await outboxRows()
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ])
    expect(await slow.outbox.stats()).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 0 })
  })
})
