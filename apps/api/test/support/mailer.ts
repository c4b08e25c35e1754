import { firstEdition } from '@furfes/core'
import { createMailer } from '../../src/mail/mailer.ts'
import type { MailTransport } from '../../src/mail/transport.ts'
import { pwaUrl, type TestApi } from './harness.ts'

type SentMail = Parameters<MailTransport['send']>[0]

/** The API's mailer over the test's database and provider, delivering into `sent` instead of a mail server. */
export function capturingMailer(sut: TestApi): {
  deliver: ReturnType<typeof createMailer>
  sent: SentMail[]
} {
  const sent: SentMail[] = []
  const deliver = createMailer({
    db: sut.database.db,
    transport: {
      send: async (mail) => {
        sent.push(mail)
        return { messageId: mail.messageId }
      },
      close: () => {},
    },
    gateway: sut.gateway,
    clock: sut.clock,
    pwaUrl,
    edition: async () => firstEdition,
    venue: { ja: '会場', en: 'Venue' },
    messageIdDomain: 'furfes.test',
  })
  return { deliver, sent }
}
