import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { firstEdition } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { readEnv } from '../src/env.ts'
import { createMailService, type MailService } from '../src/mail/service.ts'
import { mailTransportConfig } from '../src/server.ts'
import { checkoutSessionOf, payCheckout, registrationRequest, useTestApi } from './support/harness.ts'

/*
 * The production transport (decision 101): MAIL_TRANSPORT=ses sends through SES v2's SendEmail with the official
 * SDK. A loopback HTTP server stands in for the SES endpoint (MAIL_SES_ENDPOINT), records each request and
 * answers as SES does, success or error, so the request the API makes and what it does with each answer are
 * checked without AWS.
 */

const retryBaseMs = 30_000
const configurationSet = 'furfes-test-mail'
const from = '"Tokyo Furry Fes" <no-reply@furfes.test>'

interface SesRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: {
    FromEmailAddress?: string
    Destination?: { ToAddresses?: string[] }
    ConfigurationSetName?: string
    Content?: { Raw?: { Data?: string } }
  }
}

/** How the stand-in answers: SES's success, or one of its errors (REST-JSON, the type in a header). */
type SesAnswer = { status: 200 } | { status: 400 | 429; type: string; message: string }

async function startSesStandIn() {
  const requests: SesRequest[] = []
  let answer: SesAnswer = { status: 200 }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as SesRequest['body'],
      })
      const reply =
        answer.status === 200
          ? { headers: {}, body: { MessageId: `0106${randomUUID().replaceAll('-', '')}-000000` } }
          : { headers: { 'x-amzn-errortype': answer.type }, body: { message: answer.message } }
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'x-amzn-requestid': randomUUID(),
        ...reply.headers,
      })
      response.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(next: SesAnswer) {
      answer = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('mail through Amazon SES (a stand-in for its v2 endpoint)', () => {
  const sut = useTestApi('pglite')
  let ses: Awaited<ReturnType<typeof startSesStandIn>>
  let mail: MailService

  beforeEach(async () => {
    // The SDK signs with the process's credentials (on Lambda, the function's role).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFURFESTEST')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'furfes-test-secret')
    ses = await startSesStandIn()
    const env = readEnv({
      MAIL_TRANSPORT: 'ses',
      MAIL_SES_REGION: 'ap-northeast-1',
      MAIL_SES_ENDPOINT: ses.url,
      MAIL_SES_CONFIGURATION_SET: configurationSet,
      MAIL_FROM: from,
      MAIL_REPLY_TO: 'help@furfes.test',
    })
    mail = createMailService({
      db: sut.database.db,
      gateway: sut.gateway,
      clock: sut.clock,
      logger: sut.logger,
      transport: mailTransportConfig(env),
      from: env.MAIL_FROM,
      replyTo: env.MAIL_REPLY_TO,
      pwaUrl: 'https://pwa.furfes.test',
      edition: async () => firstEdition,
      venue: { ja: 'テスト会場', en: 'Test Hall, Tokyo' },
      retryBaseMs,
      retryMaxMs: 60 * 60_000,
    })
  })
  afterEach(async () => {
    mail.close()
    await ses.stop()
    vi.unstubAllEnvs()
  })

  /** A member who registered in English and paid: the outbox owes them a receipt. */
  async function paidMember() {
    const sub = randomUUID()
    const email = `ses-${sub.slice(0, 8)}@example.com`
    sut.identity.setEmail(sub, email)
    const created = await sut.request('POST', '/registration', {
      token: await sut.memberToken(sub),
      body: { ...registrationRequest('sponsor', 'Cloud Fox'), language: 'en' },
    })
    expect(created.status).toBe(201)
    expect(await payCheckout(sut, checkoutSessionOf(created))).toBe('paid')
    return email
  }

  async function outboxRows() {
    return queryRows<{
      status: string
      attempts: number
      next_attempt_at: string | Date
      last_error: string | null
      message_id: string | null
    }>(
      sut.database.db,
      sql`select status, attempts, next_attempt_at, last_error, message_id from mail_outbox`,
    )
  }

  it('sends the receipt as one raw MIME message through SendEmail, signed, with the configuration set and our sender', async () => {
    const email = await paidMember()

    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })

    expect(ses.requests).toHaveLength(1)
    const [request] = ses.requests
    if (!request) throw new Error('unreachable')
    // SES v2 SendEmail: POST /v2/email/outbound-emails, signed for SES in the configured region.
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/v2/email/outbound-emails')
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDFURFESTEST\/\d{8}\/ap-northeast-1\/ses\/aws4_request,/,
    )
    expect(request.body.ConfigurationSetName).toBe(configurationSet)
    expect(request.body.FromEmailAddress).toContain('no-reply@furfes.test')
    expect(request.body.Destination).toEqual({ ToAddresses: [email] })

    const message = await simpleParser(Buffer.from(request.body.Content?.Raw?.Data ?? '', 'base64'))
    expect(message.from?.value).toEqual([{ name: 'Tokyo Furry Fes', address: 'no-reply@furfes.test' }])
    expect(message.replyTo?.text).toBe('help@furfes.test')
    expect(message.to && !Array.isArray(message.to) ? message.to.text : '').toBe(email)
    expect(message.subject).toBe('[Tokyo Furry Fes] Receipt for your registration')
    expect(message.text).toContain('Sponsor')
    expect(message.text).toContain('Cloud Fox')
    expect(message.html).toContain('Cloud Fox')
    expect(message.html).toContain('https://pwa.furfes.test/en/registration-code')
    const [ics, ...otherAttachments] = message.attachments
    expect(otherAttachments).toEqual([])
    expect(ics?.filename).toBe('furfes.ics')
    expect(ics?.contentType).toBe('text/calendar')
    expect(ics?.content.toString('utf8')).toContain('DTSTART;TZID=Asia/Tokyo:20250510T100000')

    const [row] = await outboxRows()
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    // Our Message-ID goes out in the message; SES's own id is what the outbox records.
    expect(message.messageId).toMatch(/@furfes\.test>$/)
    expect(row?.message_id).toMatch(/^<0106[0-9a-f]{32}-000000@ap-northeast-1\.amazonses\.com>$/)
  })

  it.each([
    { status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' },
    { status: 400, type: 'MessageRejected', message: 'Email address is not verified.' },
  ] as const)('keeps the receipt for a retry with backoff when SES answers $status $type', async (error) => {
    const email = await paidMember()
    ses.answer(error)

    expect(await mail.outbox.drain()).toMatchObject({ sent: 0, retried: 1, failed: 0 })
    expect(ses.requests.length).toBeGreaterThan(0)
    const [waiting] = await outboxRows()
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, message_id: null })
    expect(waiting?.last_error).toContain(error.message)
    expect(new Date(waiting?.next_attempt_at ?? 0).getTime()).toBe(sut.clock() + retryBaseMs)
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({ msg: 'Mail not delivered; it will be retried', retryInMs: retryBaseMs }),
    )

    // Not before the backoff has passed; after it, SES takes it.
    ses.answer({ status: 200 })
    const asked = ses.requests.length
    expect(await mail.outbox.drain()).toMatchObject({ sent: 0, retried: 0 })
    expect(ses.requests).toHaveLength(asked)
    sut.clock.advance(retryBaseMs)
    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })
    const delivered = ses.requests.at(-1)
    expect(delivered?.body.Destination).toEqual({ ToAddresses: [email] })
    expect(await outboxRows()).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2, last_error: null }),
    ])
  })
})
