import type { Edition, Language } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { createMailer } from './mailer.ts'
import { createMailOutbox, type MailOutbox } from './outbox.ts'
import { createMailTransport, type MailTransportConfig } from './transport.ts'

export interface MailServiceOptions {
  db: Executor
  gateway: Pick<PaymentGateway, 'paymentDetails'>
  clock: () => number
  logger: Logger
  transport: MailTransportConfig
  /** `"Name" <address>`: the sender participants see. */
  from: string
  replyTo: string | undefined
  pwaUrl: string
  /** The edition the mails speak of (the current one), read at delivery. */
  edition: () => Promise<Edition>
  venue: Readonly<Record<Language, string>>
  retryBaseMs: number
  retryMaxMs: number
}

export interface MailService {
  outbox: MailOutbox
  close(): void
}

/** The outbox with its real sender: what the server runs and the Lambda drain function calls. */
export function createMailService(options: MailServiceOptions): MailService {
  const transport = createMailTransport(options.transport, { from: options.from, replyTo: options.replyTo })
  const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from
  const outbox = createMailOutbox({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    baseBackoffMs: options.retryBaseMs,
    maxBackoffMs: options.retryMaxMs,
    deliver: createMailer({
      db: options.db,
      transport,
      gateway: options.gateway,
      clock: options.clock,
      pwaUrl: options.pwaUrl,
      edition: options.edition,
      venue: options.venue,
      messageIdDomain: address.split('@')[1] ?? 'localhost',
    }),
  })
  return { outbox, close: () => transport.close() }
}
