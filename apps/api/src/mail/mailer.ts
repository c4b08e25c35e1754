import type { CalendarDate, EventDetails, Language, RegistrationTier, VenueWire } from '@furfes/core'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations, users } from '../db/schema.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import type { DeliveryResult, OutboxMail } from './outbox.ts'
import { type MailContext, type MailData, type MailKind, mailTemplates } from './templates.ts'
import type { MailTransport } from './transport.ts'

type RegistrationRow = typeof registrations.$inferSelect

/** A mail's data, or why it is no longer sent. */
type Loaded<Data> = { data: Data } | { skip: string }

/**
 * Per kind, how its data is read when the mail is sent. Typed by the template registry: a new template does not
 * compile until it has a loader here.
 */
type Loaders = {
  [Kind in MailKind]: (registration: RegistrationRow) => Promise<Loaded<MailData<Kind>>>
}

export interface MailerOptions {
  db: Executor
  transport: MailTransport
  gateway: Pick<PaymentGateway, 'paymentDetails'>
  clock: () => number
  pwaUrl: string
  eventDate: CalendarDate
  event: EventDetails
  venue: Readonly<Record<Language, string>>
  announcedVenue?: VenueWire | undefined
  /** The domain of our Message-IDs (the sender address's). */
  messageIdDomain: string
}

/** Delivers one outbox mail: reads the registration and its member's address, renders, sends. */
export function createMailer(options: MailerOptions): (mail: OutboxMail) => Promise<DeliveryResult> {
  const { db, gateway } = options

  const loaders: Loaders = {
    async receipt(registration) {
      if (registration.paymentStatus !== 'paid' || registration.paidAt === null) {
        return { skip: `the registration is ${registration.paymentStatus}` }
      }
      if (registration.checkoutSessionId === null) return { skip: 'the registration has no checkout session' }
      const payment = await gateway.paymentDetails(registration.checkoutSessionId)
      return {
        data: {
          registrationId: registration.registrationId,
          registrationTier: registration.registrationTier as RegistrationTier,
          amountJpy: registration.amountJpy,
          paidAt: registration.paidAt.getTime(),
          paymentId: payment.paymentId,
          card: payment.card,
          badgeName: registration.badgeName,
          tShirtSize: registration.tShirtSize,
          changingRoomType: registration.changingRoomType as 'male' | 'female' | null,
        },
      }
    },
    async checkout_lapsed(registration) {
      const status = registration.paymentStatus
      if (status !== 'expired' && status !== 'canceled') return { skip: `the registration is ${status}` }
      return {
        data: {
          registrationTier: registration.registrationTier as RegistrationTier,
          badgeName: registration.badgeName,
          endedAs: status,
        },
      }
    },
  }

  async function render<Kind extends MailKind>(
    kind: Kind,
    registration: RegistrationRow,
    language: Language,
    context: MailContext,
  ) {
    const loaded = await (loaders[kind] as Loaders[Kind])(registration)
    if ('skip' in loaded) return loaded
    const template = mailTemplates[kind] as {
      render(
        data: MailData<Kind>,
        language: Language,
        context: MailContext,
      ): ReturnType<(typeof mailTemplates)[MailKind]['render']>
    }
    return { content: await template.render(loaded.data, language, context) }
  }

  return async (mail) => {
    const [row] = await db
      .select({ registration: registrations, email: users.email })
      .from(registrations)
      .innerJoin(users, eq(users.userId, registrations.userId))
      .where(eq(registrations.registrationId, mail.registrationId))
    if (!row) return { status: 'skipped', reason: 'the registration no longer exists' }
    if (!row.email) throw new Error('The member has no e-mail address on record yet')
    const language: Language = row.registration.language === 'en' ? 'en' : 'ja'
    const rendered = await render(mail.kind, row.registration, language, {
      pwaUrl: options.pwaUrl,
      eventDate: options.eventDate,
      event: options.event,
      venue: options.venue,
      ...(options.announcedVenue ? { announcedVenue: options.announcedVenue } : {}),
      now: options.clock(),
    })
    if ('skip' in rendered) return { status: 'skipped', reason: rendered.skip }
    const { messageId } = await options.transport.send({
      ...rendered.content,
      to: row.email,
      messageId: `<${mail.mailId}@${options.messageIdDomain}>`,
    })
    return { status: 'sent', messageId }
  }
}
