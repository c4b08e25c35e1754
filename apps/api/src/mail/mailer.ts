import { type Edition, type Language, venueCodec } from '@furfes/core'
import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import {
  addonProducts,
  addonPurchases,
  announcementRecipients,
  announcements,
  automaticRefunds,
  eventCancellationRuns,
  registrationRefunds,
  registrations,
  tierChanges,
  users,
  waitingListEntries,
} from '../db/schema.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { requestsAwaiting } from '../services/guardians.ts'
import type { WaitingEntryRow } from '../services/waiting-list.ts'
import type { DeliveryResult, OutboxMail } from './outbox.ts'
import {
  type AnnouncementMailKind,
  type MailContext,
  type MailData,
  type MailKind,
  mailTemplates,
  type WaitingListMailKind,
  waitingListMailKinds,
} from './templates.ts'
import type { MailTransport } from './transport.ts'

type RegistrationRow = typeof registrations.$inferSelect
type AnnouncementRow = typeof announcements.$inferSelect

/** What a mail is about: a registration, a waiting-list entry, or an announcement to a registration. */
type Subject =
  | { registration: RegistrationRow }
  | { entry: WaitingEntryRow }
  | { registration: RegistrationRow; announcement: AnnouncementRow }

/** A mail's data, or why it is no longer sent. */
type Loaded<Data> = { data: Data } | { skip: string }

/**
 * Per kind, how its data is read when the mail is sent. Typed by the template registry: a new template does not
 * compile until it has a loader here.
 */
type Loaders = {
  [Kind in Exclude<MailKind, WaitingListMailKind | AnnouncementMailKind>]: (
    registration: RegistrationRow,
  ) => Promise<Loaded<MailData<Kind>>>
}

/** The same for the mails about a waiting-list entry (decision 115). */
type WaitingListLoaders = {
  [Kind in WaitingListMailKind]: (entry: WaitingEntryRow) => Loaded<MailData<Kind>>
}

const waitingListLoaders: WaitingListLoaders = {
  waiting_list_offer(entry) {
    // Accepted, declined or expired before the mail left: the offer it announces is gone.
    if (entry.status !== 'offered' || entry.offerExpiresAt === null) {
      return { skip: `the waiting-list entry is ${entry.status}` }
    }
    return {
      data: {
        registrationTier: entry.registrationTier,
        badgeName: entry.badgeName,
        offerExpiresAt: entry.offerExpiresAt.getTime(),
      },
    }
  },
  waiting_list_offer_expired(entry) {
    if (entry.status !== 'expired') return { skip: `the waiting-list entry is ${entry.status}` }
    return {
      data: { registrationTier: entry.registrationTier, badgeName: entry.badgeName },
    }
  },
}

/**
 * An announcement to one registration (decision 173): only while the registration is paid (one cancelled or
 * refunded since it was queued is not mailed) and the announcement is not withdrawn; its text as it is now.
 */
function announcementLoaded(
  registration: RegistrationRow,
  announcement: AnnouncementRow,
): Loaded<MailData<AnnouncementMailKind>> {
  if (registration.paymentStatus !== 'paid')
    return { skip: `the registration is ${registration.paymentStatus}` }
  if (announcement.withdrawnAt !== null) return { skip: 'the announcement was withdrawn' }
  return { data: { badgeName: registration.badgeName, title: announcement.title, body: announcement.body } }
}

export interface MailerOptions {
  db: Executor
  transport: MailTransport
  gateway: Pick<PaymentGateway, 'paymentDetails'>
  clock: () => number
  pwaUrl: string
  /**
   * The edition a mail speaks of (decision 155): its date, hours, name and announced venue, read when the mail
   * is delivered, so a change the committee saves reaches the mails still to send.
   */
  edition: () => Promise<Edition>
  /** The venue as mails name it while the edition has announced none, per language. */
  venue: Readonly<Record<Language, string>>
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
      // A complimentary registration (decision 185) was paid by nobody: its receipt says 0 JPY and no payment.
      const payment =
        registration.complimentaryKind !== null
          ? { paymentId: '', card: undefined }
          : registration.checkoutSessionId === null
            ? undefined
            : await gateway.paymentDetails(registration.checkoutSessionId)
      if (!payment) return { skip: 'the registration has no checkout session' }
      return {
        data: {
          registrationId: registration.registrationId,
          registrationTier: registration.registrationTier,
          amountJpy: registration.amountJpy,
          paidAt: registration.paidAt.getTime(),
          paymentId: payment.paymentId,
          card: payment.card,
          badgeName: registration.badgeName,
          tShirtSize: registration.tShirtSize,
          changingRoomType: registration.changingRoomType,
        },
      }
    },
    async refunded(registration) {
      if (registration.paymentStatus !== 'canceled') {
        return { skip: `the registration is ${registration.paymentStatus}` }
      }
      const [refund] = await db
        .select({ amountJpy: registrationRefunds.amountJpy, source: registrationRefunds.source })
        .from(registrationRefunds)
        .where(eq(registrationRefunds.registrationId, registration.registrationId))
      if (!refund) return { skip: 'the registration was not refunded' }
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          amountJpy: refund.amountJpy,
          feeJpy: registration.amountJpy,
          source: refund.source,
        },
      }
    },
    async details_changed(registration) {
      if (registration.paymentStatus !== 'paid')
        return { skip: `the registration is ${registration.paymentStatus}` }
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          tShirtSize: registration.tShirtSize,
          changingRoomType: registration.changingRoomType,
        },
      }
    },
    async tier_changed(registration) {
      if (registration.paymentStatus !== 'paid')
        return { skip: `the registration is ${registration.paymentStatus}` }
      // The last change applied: a participant may change more than once, and the mail says what is in force.
      const [change] = await db
        .select()
        .from(tierChanges)
        .where(
          and(eq(tierChanges.registrationId, registration.registrationId), eq(tierChanges.status, 'applied')),
        )
        .orderBy(desc(tierChanges.appliedAt))
        .limit(1)
      if (!change) return { skip: 'the registration never changed tier' }
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          tShirtSize: registration.tShirtSize,
          changingRoomType: registration.changingRoomType,
          fromTier: change.fromTier,
          direction: change.direction,
          amountJpy: change.amountJpy,
        },
      }
    },
    async tier_change_refunded(registration) {
      const [change] = await db
        .select()
        .from(tierChanges)
        .where(
          and(
            eq(tierChanges.registrationId, registration.registrationId),
            eq(tierChanges.refundStatus, 'refunded'),
          ),
        )
        .orderBy(desc(tierChanges.refundedAt))
        .limit(1)
      if (!change) return { skip: 'no tier change of the registration was refunded' }
      return {
        data: {
          registrationTier: change.toTier,
          badgeName: registration.badgeName,
          amountJpy: change.amountJpy,
        },
      }
    },
    async addon_receipt(registration) {
      // The newest paid purchase: the mail is owed again for each purchase (addon-payments.ts).
      const [purchase] = await db
        .select({ purchase: addonPurchases, nameJa: addonProducts.nameJa, nameEn: addonProducts.nameEn })
        .from(addonPurchases)
        .innerJoin(
          addonProducts,
          and(
            eq(addonProducts.editionId, addonPurchases.editionId),
            eq(addonProducts.code, addonPurchases.productCode),
          ),
        )
        .where(
          and(
            eq(addonPurchases.registrationId, registration.registrationId),
            eq(addonPurchases.status, 'paid'),
          ),
        )
        .orderBy(desc(addonPurchases.paidAt))
        .limit(1)
      if (!purchase?.purchase.checkoutSessionId) return { skip: 'the registration has no paid add-on' }
      const payment = await gateway.paymentDetails(purchase.purchase.checkoutSessionId)
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          product: { ja: purchase.nameJa, en: purchase.nameEn },
          amountJpy: purchase.purchase.amountJpy,
          paymentId: payment.paymentId,
        },
      }
    },
    async refunded_automatically(registration) {
      const [refund] = await db
        .select({ amountJpy: automaticRefunds.amountJpy })
        .from(automaticRefunds)
        .where(
          and(
            eq(automaticRefunds.registrationId, registration.registrationId),
            eq(automaticRefunds.status, 'refunded'),
          ),
        )
      if (!refund) return { skip: 'no payment of the registration was refunded automatically' }
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          amountJpy: refund.amountJpy,
        },
      }
    },
    async guardian_requested(registration) {
      // A guardian no longer paid cannot answer; requests answered, withdrawn or sent elsewhere before the mail
      // left leave nothing to ask (decision 208).
      if (registration.paymentStatus !== 'paid')
        return { skip: `the registration is ${registration.paymentStatus}` }
      const waiting = await requestsAwaiting(db, registration.registrationId)
      if (waiting.length === 0) return { skip: 'no guardian request waits for an answer' }
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          minors: waiting.map((request) => request.badgeName),
        },
      }
    },
    async checkout_lapsed(registration) {
      const status = registration.paymentStatus
      if (status !== 'expired' && status !== 'canceled') return { skip: `the registration is ${status}` }
      // Once its edition's event is cancelled, the lapse says so instead of inviting the member to register
      // again; another edition's cancellation does not (decision 162).
      const [run] = await db
        .select({ runId: eventCancellationRuns.runId })
        .from(eventCancellationRuns)
        .where(eq(eventCancellationRuns.editionId, registration.editionId))
        .limit(1)
      return {
        data: {
          registrationTier: registration.registrationTier,
          badgeName: registration.badgeName,
          endedAs: run ? 'eventCancelled' : status,
        },
      }
    },
  }

  const isWaitingListKind = (kind: MailKind): kind is WaitingListMailKind =>
    (waitingListMailKinds as readonly MailKind[]).includes(kind)

  /** The data of a mail from what it is about, or why it is not sent: each kind has one kind of subject. */
  async function load(kind: MailKind, subject: Subject): Promise<Loaded<unknown>> {
    if ('entry' in subject) {
      return isWaitingListKind(kind)
        ? waitingListLoaders[kind](subject.entry)
        : { skip: `${kind} is not a waiting-list mail` }
    }
    if ('announcement' in subject) {
      return kind === 'announcement'
        ? announcementLoaded(subject.registration, subject.announcement)
        : { skip: `${kind} is not an announcement mail` }
    }
    if (isWaitingListKind(kind) || kind === 'announcement')
      return { skip: `${kind} is not a registration mail` }
    return loaders[kind](subject.registration)
  }

  async function render<Kind extends MailKind>(
    kind: Kind,
    subject: Subject,
    language: Language,
    context: MailContext,
  ) {
    const loaded = (await load(kind, subject)) as Loaded<MailData<Kind>>
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

  /** What the mail is about, its member's address and language. */
  async function subjectOf(
    mail: OutboxMail,
  ): Promise<{ subject: Subject; email: string | null; language: string } | undefined> {
    if (mail.announcementRecipientId) {
      const [row] = await db
        .select({ registration: registrations, announcement: announcements, email: users.email })
        .from(announcementRecipients)
        .innerJoin(announcements, eq(announcements.announcementId, announcementRecipients.announcementId))
        .innerJoin(registrations, eq(registrations.registrationId, announcementRecipients.registrationId))
        .innerJoin(users, eq(users.userId, registrations.userId))
        .where(eq(announcementRecipients.recipientId, mail.announcementRecipientId))
      return (
        row && {
          subject: { registration: row.registration, announcement: row.announcement },
          email: row.email,
          language: row.registration.language,
        }
      )
    }
    if (mail.waitingEntryId !== null) {
      const [row] = await db
        .select({ entry: waitingListEntries, email: users.email })
        .from(waitingListEntries)
        .innerJoin(users, eq(users.userId, waitingListEntries.userId))
        .where(eq(waitingListEntries.entryId, mail.waitingEntryId))
      return row && { subject: { entry: row.entry }, email: row.email, language: row.entry.language }
    }
    if (mail.registrationId === null) return undefined
    const [row] = await db
      .select({ registration: registrations, email: users.email })
      .from(registrations)
      .innerJoin(users, eq(users.userId, registrations.userId))
      .where(eq(registrations.registrationId, mail.registrationId))
    return (
      row && {
        subject: { registration: row.registration },
        email: row.email,
        language: row.registration.language,
      }
    )
  }

  return async (mail) => {
    const row = await subjectOf(mail)
    if (!row) return { status: 'skipped', reason: 'what the mail is about no longer exists' }
    if (!row.email) throw new Error('The member has no e-mail address on record yet')
    const language: Language = row.language === 'en' ? 'en' : 'ja'
    const edition = await options.edition()
    const rendered = await render(mail.kind, row.subject, language, {
      pwaUrl: options.pwaUrl,
      eventDate: edition.eventDate,
      event: edition,
      venue: options.venue,
      ...(edition.venue ? { announcedVenue: venueCodec.encode(edition.venue) } : {}),
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
