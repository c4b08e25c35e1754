import { z } from 'zod'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { defaultLanguage } from '../domain/language.ts'
import {
  changingRoomTypes,
  inventoryStatuses,
  profilePrivacies,
  tShirtSizes,
} from '../domain/registration.ts'
import { isFursuitTier, isSponsorTier, registrationTiers } from '../domain/registration-tier.ts'
import {
  type Profile,
  profileSchema,
  type RegistrationAdditionalInfo,
  type RegistrationForm,
  type RegistrationRequest,
  registrationAdditionalInfoSchema,
  registrationRequestSchema,
  type WaitingListJoinRequest,
  waitingListJoinRequestSchema,
} from '../validation/forms.ts'
import { eventCancellationRunWireSchema } from './refunds.ts'
import {
  type AdminRegistrationWire,
  adminWaitingListWireSchema,
  type CheckInItemWire,
  type CheckInRecordWire,
  type CheckInResultWire,
  checkInKinds,
  checkInPageWireSchema,
  checkInRecordWireSchema,
  checkInRejectionReasons,
  checkInResultWireSchema,
  checkInStatuses,
  checkInUploadResultWireSchema,
  checkInUploadWireSchema,
  type FeatureFlagsWire,
  type FirstCheckInWire,
  featureFlagsWireSchema,
  inventoryWireSchema,
  type ParticipantWire,
  type ProfileWire,
  participantListWireSchema,
  profileListWireSchema,
  profileRequestWireSchema,
  profileWireSchema,
  type RegistrationAdditionalInfoWire,
  type RegistrationWire,
  registrationAdditionalInfoRequestWireSchema,
  registrationAdditionalInfoWireSchema,
  registrationCheckoutWireSchema,
  registrationCodeKeySetWireSchema,
  registrationCodeWireSchema,
  registrationRequestWireSchema,
  registrationWireSchema,
  venueWireSchema,
  type WaitingListEntryWire,
  waitingListAcceptWireSchema,
  waitingListEntryWireSchema,
  waitingListJoinWireSchema,
  waitingListStatuses,
} from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * The camelCase shapes the apps use, and codecs between them and the wire. `codec.parse(json)` (or
 * `z.decode`) validates a wire value and returns the client shape; `z.encode(codec, value)` validates a
 * client value and returns the wire shape. The API can use the same codecs in the other direction.
 *
 * What is sent (`…RequestCodec`, the check-in upload) is checked with the forms' rules; what is read takes
 * the text as the API stored it, so the client shapes of answers hold plain strings (decision 015).
 */

const toIso = (ms: number) => new Date(ms).toISOString()

/** The codec of a list answer (`{ items: [...] }`, schemas.ts's listComponent): each item by its own mapping. */
function listCodec<W extends z.ZodType<{ items: unknown[] }>, C extends z.ZodType>(
  wire: W,
  item: C,
  fromWire: (wire: z.output<W>['items'][number]) => z.input<C>,
  toWire: (item: z.input<C>) => z.output<W>['items'][number],
) {
  return z.codec(wire, z.array(item), {
    decode: (list) => list.items.map(fromWire),
    encode: (items) => ({ items: items.map(toWire) }) as z.output<W>,
  })
}

export const featureFlagsSchema = z.object({
  isNewClubActivityEstablishmentAvailable: z.boolean(),
  isRegistrationAvailable: z.boolean(),
  isUnderMaintenance: z.boolean(),
  isEventCancelled: z.boolean().optional(),
}) satisfies z.ZodType<FeatureFlags>

export function featureFlagsFromWire(wire: FeatureFlagsWire): FeatureFlags {
  return toClientNames(wire)
}

export function featureFlagsToWire(flags: FeatureFlags): FeatureFlagsWire {
  return toWireNames(flags)
}

export const featureFlagsCodec = z.codec(featureFlagsWireSchema, featureFlagsSchema, {
  decode: featureFlagsFromWire,
  encode: featureFlagsToWire,
})

export function profileFromWire(wire: ProfileWire): Profile {
  return { privacy: wire.privacy, handleName: wire.handle_name, linkUrls: wire.urls }
}

export function profileToWire(profile: Profile): ProfileWire {
  return { privacy: profile.privacy, handle_name: profile.handleName, urls: profile.linkUrls }
}

/** A profile as read: its texts as stored, which the profile form may refuse until they are corrected. */
const storedProfileSchema = z.object({
  privacy: z.enum(profilePrivacies),
  handleName: z.string(),
  linkUrls: z.array(z.string()),
}) satisfies z.ZodType<Profile>

export const profileCodec = z.codec(profileWireSchema, storedProfileSchema, {
  decode: profileFromWire,
  encode: profileToWire,
})

/** The profile being saved, with the form's rules. */
export const profileRequestCodec = z.codec(profileRequestWireSchema, profileSchema, {
  decode: profileFromWire,
  encode: profileToWire,
})

export const profileListCodec = listCodec(
  profileListWireSchema,
  storedProfileSchema,
  profileFromWire,
  profileToWire,
)

export function registrationAdditionalInfoFromWire(
  wire: RegistrationAdditionalInfoWire,
): RegistrationAdditionalInfo {
  return wire.club_activity_x_username === undefined
    ? {}
    : { clubActivityXUsername: wire.club_activity_x_username }
}

/** An empty X username means none, so it is left out. */
export function registrationAdditionalInfoToWire(
  info: RegistrationAdditionalInfo,
): RegistrationAdditionalInfoWire {
  return info.clubActivityXUsername ? { club_activity_x_username: info.clubActivityXUsername } : {}
}

/** Additional info as read: the X username as stored. */
const storedRegistrationAdditionalInfoSchema = z.object({
  clubActivityXUsername: z.string().optional(),
}) satisfies z.ZodType<RegistrationAdditionalInfo>

export const registrationAdditionalInfoCodec = z.codec(
  registrationAdditionalInfoWireSchema,
  storedRegistrationAdditionalInfoSchema,
  { decode: registrationAdditionalInfoFromWire, encode: registrationAdditionalInfoToWire },
)

/** The additional info being saved, with the form's rules. */
export const registrationAdditionalInfoRequestCodec = z.codec(
  registrationAdditionalInfoRequestWireSchema,
  registrationAdditionalInfoSchema,
  { decode: registrationAdditionalInfoFromWire, encode: registrationAdditionalInfoToWire },
)

export const inventoryItemSchema = z.object({
  registrationTier: z.enum(registrationTiers),
  status: z.enum(inventoryStatuses),
})
export type InventoryItem = z.output<typeof inventoryItemSchema>

export const inventoryCodec = listCodec(
  inventoryWireSchema,
  inventoryItemSchema,
  (item) => toClientNames(item),
  (item) => toWireNames(item),
)

const registrationShape = {
  registrationTier: z.enum(registrationTiers),
  badgeName: z.string(),
  tShirtSize: z.enum(tShirtSizes).optional(),
  changingRoomType: z.enum(changingRoomTypes).optional(),
}

/**
 * The client's registration. While pending it carries the Checkout URL and its expiry in epoch ms; whether
 * that URL has expired is `isPaymentUrlExpired(registration, clock)`.
 */
export const registrationSchema = z.discriminatedUnion('paymentStatus', [
  z.object({
    ...registrationShape,
    paymentStatus: z.literal('pending'),
    paymentUrl: z.string(),
    expiresAt: z.number(),
  }),
  z.object({
    ...registrationShape,
    paymentStatus: z.enum(['paid', 'expired', 'canceled']),
    /** Canceled after payment: the yen refunded (decision 111). */
    refundedJpy: z.number().optional(),
  }),
])
export type Registration = z.output<typeof registrationSchema>

export function registrationFromWire(wire: RegistrationWire): Registration {
  if (wire.payment_status !== 'pending') return toClientNames(wire)
  const { expires_at, ...pending } = wire
  return { ...toClientNames(pending), expiresAt: Date.parse(expires_at) }
}

export function registrationToWire(registration: Registration): RegistrationWire {
  if (registration.paymentStatus !== 'pending') return toWireNames(registration)
  const { expiresAt, ...pending } = registration
  return { ...toWireNames(pending), expires_at: toIso(expiresAt) }
}

export const registrationCodec = z.codec(registrationWireSchema, registrationSchema, {
  decode: registrationFromWire,
  encode: registrationToWire,
})

/** Sends only what the tier uses: a size or room left over in the form from another tier is dropped. */
function registrationFieldsToWire(form: RegistrationForm) {
  return {
    registration_tier: form.registrationTier,
    badge_name: form.badgeName,
    ...(isSponsorTier(form.registrationTier) ? { t_shirt_size: form.tShirtSize } : {}),
    ...(isFursuitTier(form.registrationTier) ? { changing_room_type: form.changingRoomType } : {}),
    agreed_to_rules: form.agreedToRules,
  }
}

export const registrationRequestCodec = z.codec(registrationRequestWireSchema, registrationRequestSchema, {
  decode: (wire): RegistrationRequest => toClientNames(wire),
  encode: (request) => ({
    ...registrationFieldsToWire(request),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    language: request.language ?? defaultLanguage,
  }),
})

export const registrationCheckoutSchema = z.object({ paymentUrl: z.string() })
export type RegistrationCheckout = z.output<typeof registrationCheckoutSchema>

export const registrationCheckoutCodec = z.codec(registrationCheckoutWireSchema, registrationCheckoutSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (checkout) => toWireNames(checkout),
})

/** The registration code is the token itself. */
export const registrationCodeCodec = z.codec(registrationCodeWireSchema, z.string(), {
  decode: (wire) => wire.token,
  encode: (token) => ({ token }),
})

export const venueSchema = z.object({
  name: z.object({ ja: z.string(), en: z.string() }),
  address: z.object({ ja: z.string(), en: z.string() }),
  access: z.object({ ja: z.string(), en: z.string() }),
  mapUrl: z.string(),
  /** `HH:MM` in Japan, on the event day. */
  entryTime: z.string(),
})
export type Venue = z.output<typeof venueSchema>

export const venueCodec = z.codec(venueWireSchema, venueSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (venue) => toWireNames(venue),
})

/**
 * A registration as admins see it: `registrationId` is what the registration code names. A pending one
 * without `paymentUrl` holds its spot while its checkout session is being opened (decision 056).
 */
export const adminRegistrationSchema = z.intersection(
  z.discriminatedUnion('paymentStatus', [
    z.object({
      ...registrationShape,
      paymentStatus: z.literal('pending'),
      paymentUrl: z.string().optional(),
      expiresAt: z.number(),
    }),
    z.object({ ...registrationShape, paymentStatus: z.enum(['paid', 'expired', 'canceled']) }),
  ]),
  z.object({ registrationId: z.string().optional() }),
)
export type AdminRegistration = z.output<typeof adminRegistrationSchema>

/** The registration's id goes by its client name; a refund is not part of the admin shape. */
export function adminRegistrationFromWire({ id, ...wire }: AdminRegistrationWire): AdminRegistration {
  const registrationId = id === undefined ? {} : { registrationId: id }
  if (wire.payment_status !== 'pending') {
    const { refunded_jpy: _refund, ...settled } = wire
    return { ...toClientNames(settled), ...registrationId }
  }
  const { expires_at, ...pending } = wire
  return { ...toClientNames(pending), expiresAt: Date.parse(expires_at), ...registrationId }
}

export function adminRegistrationToWire({
  registrationId,
  ...registration
}: AdminRegistration): AdminRegistrationWire {
  const id = registrationId === undefined ? {} : { id: registrationId }
  if (registration.paymentStatus !== 'pending') return { ...toWireNames(registration), ...id }
  const { expiresAt, ...pending } = registration
  return { ...toWireNames(pending), expires_at: toIso(expiresAt), ...id }
}

export const participantSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string() }),
  registration: adminRegistrationSchema.optional(),
  registrationAdditionalInfo: storedRegistrationAdditionalInfoSchema.optional(),
  profile: storedProfileSchema.optional(),
})
export type Participant = z.output<typeof participantSchema>

export function participantFromWire(wire: ParticipantWire): Participant {
  return {
    user: toClientNames(wire.user),
    ...(wire.registration ? { registration: adminRegistrationFromWire(wire.registration) } : {}),
    ...(wire.registration_additional_info
      ? { registrationAdditionalInfo: registrationAdditionalInfoFromWire(wire.registration_additional_info) }
      : {}),
    ...(wire.profile ? { profile: profileFromWire(wire.profile) } : {}),
  }
}

export function participantToWire(participant: Participant): ParticipantWire {
  return {
    user: toWireNames(participant.user),
    ...(participant.registration ? { registration: adminRegistrationToWire(participant.registration) } : {}),
    ...(participant.registrationAdditionalInfo
      ? {
          registration_additional_info: registrationAdditionalInfoToWire(
            participant.registrationAdditionalInfo,
          ),
        }
      : {}),
    ...(participant.profile ? { profile: profileToWire(participant.profile) } : {}),
  }
}

export const participantListCodec = listCodec(
  participantListWireSchema,
  participantSchema,
  participantFromWire,
  participantToWire,
)

/*
 * Check-ins. Instants are epoch ms on the client, as expiresAt is; on the wire they are ISO 8601.
 */

export const firstCheckInSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string().optional(),
  checkedInAt: z.number(),
})
export type FirstCheckIn = z.output<typeof firstCheckInSchema>

export const checkInItemSchema = z.object({
  id: z.string(),
  registrationId: z.string(),
  deviceId: z.string(),
  deviceName: z.string().optional(),
  checkedInAt: z.number(),
  kind: z.enum(checkInKinds),
  undoes: z.string().optional(),
})
export type CheckInItem = z.output<typeof checkInItemSchema>

export const checkInResultSchema = z.discriminatedUnion('status', [
  z.object({ id: z.string(), status: z.literal('accepted') }),
  z.object({ id: z.string(), status: z.literal('duplicate'), firstCheckIn: firstCheckInSchema }),
  z.object({ id: z.string(), status: z.literal('rejected'), reason: z.enum(checkInRejectionReasons) }),
])
export type CheckInResult = z.output<typeof checkInResultSchema>

export const checkInRecordSchema = checkInItemSchema.extend({
  status: z.enum(checkInStatuses),
  firstCheckInId: z.string().optional(),
  reason: z.enum(checkInRejectionReasons).optional(),
  receivedAt: z.number(),
})
export type CheckInRecord = z.output<typeof checkInRecordSchema>

export const checkInPageSchema = z.object({
  items: z.array(checkInRecordSchema),
  nextCursor: z.string(),
  hasMore: z.boolean(),
})
export type CheckInPage = z.output<typeof checkInPageSchema>

function checkInItemFromWire({ checked_in_at, ...wire }: CheckInItemWire): CheckInItem {
  return { ...toClientNames(wire), checkedInAt: Date.parse(checked_in_at) }
}

function checkInItemToWire({ checkedInAt, ...item }: CheckInItem): CheckInItemWire {
  return { ...toWireNames(item), checked_in_at: toIso(checkedInAt) }
}

export const checkInUploadCodec = listCodec(
  checkInUploadWireSchema,
  checkInItemSchema,
  checkInItemFromWire,
  checkInItemToWire,
)

function firstCheckInFromWire({ checked_in_at, ...wire }: FirstCheckInWire): FirstCheckIn {
  return { ...toClientNames(wire), checkedInAt: Date.parse(checked_in_at) }
}

function firstCheckInToWire({ checkedInAt, ...first }: FirstCheckIn): FirstCheckInWire {
  return { ...toWireNames(first), checked_in_at: toIso(checkedInAt) }
}

/** Only a duplicate differs between the sides: it names the check-in that came first. */
export function checkInResultFromWire(wire: CheckInResultWire): CheckInResult {
  if (wire.status !== 'duplicate') return { ...wire }
  const { first_check_in, ...duplicate } = wire
  return { ...duplicate, firstCheckIn: firstCheckInFromWire(first_check_in) }
}

export function checkInResultToWire(result: CheckInResult): CheckInResultWire {
  if (result.status !== 'duplicate') return { ...result }
  const { firstCheckIn, ...duplicate } = result
  return { ...duplicate, first_check_in: firstCheckInToWire(firstCheckIn) }
}

export const checkInResultCodec = z.codec(checkInResultWireSchema, checkInResultSchema, {
  decode: checkInResultFromWire,
  encode: checkInResultToWire,
})

export const checkInUploadResultCodec = z.codec(checkInUploadResultWireSchema, z.array(checkInResultSchema), {
  decode: (wire) => wire.results.map(checkInResultFromWire),
  encode: (results) => ({ results: results.map(checkInResultToWire) }),
})

export function checkInRecordFromWire({
  checked_in_at,
  received_at,
  ...wire
}: CheckInRecordWire): CheckInRecord {
  return {
    ...toClientNames(wire),
    checkedInAt: Date.parse(checked_in_at),
    receivedAt: Date.parse(received_at),
  }
}

export function checkInRecordToWire({
  checkedInAt,
  receivedAt,
  ...record
}: CheckInRecord): CheckInRecordWire {
  return { ...toWireNames(record), checked_in_at: toIso(checkedInAt), received_at: toIso(receivedAt) }
}

export const checkInRecordCodec = z.codec(checkInRecordWireSchema, checkInRecordSchema, {
  decode: checkInRecordFromWire,
  encode: checkInRecordToWire,
})

export const checkInPageCodec = z.codec(checkInPageWireSchema, checkInPageSchema, {
  decode: (wire) => ({ ...toClientNames(wire), items: wire.items.map(checkInRecordFromWire) }),
  encode: (page) => ({ ...toWireNames(page), items: page.items.map(checkInRecordToWire) }),
})

/** The key set is used as it is: jose reads JWKs in their standard names. */
export const registrationCodeKeySetCodec = z.codec(
  registrationCodeKeySetWireSchema,
  registrationCodeKeySetWireSchema,
  { decode: (wire) => wire, encode: (keys) => keys },
)

// --- The waiting list (decision 115) -------------------------------------------------------------------------

/** The member's place on a waiting list; instants in epoch ms. */
export const waitingListEntrySchema = z.object({
  registrationTier: z.enum(registrationTiers),
  badgeName: z.string(),
  status: z.enum(waitingListStatuses),
  joinedAt: z.number(),
  /** While waiting: 1 is next. */
  position: z.number().optional(),
  /** While offered: when the held spot passes on. */
  offerExpiresAt: z.number().optional(),
})
export type WaitingListEntry = z.output<typeof waitingListEntrySchema>

function waitingListEntryFromWire({
  joined_at,
  offer_expires_at,
  ...wire
}: WaitingListEntryWire): WaitingListEntry {
  return {
    ...toClientNames(wire),
    joinedAt: Date.parse(joined_at),
    ...(offer_expires_at === undefined ? {} : { offerExpiresAt: Date.parse(offer_expires_at) }),
  }
}

function waitingListEntryToWire({
  joinedAt,
  offerExpiresAt,
  ...entry
}: WaitingListEntry): WaitingListEntryWire {
  return {
    ...toWireNames(entry),
    joined_at: toIso(joinedAt),
    ...(offerExpiresAt === undefined ? {} : { offer_expires_at: toIso(offerExpiresAt) }),
  }
}

export const waitingListEntryCodec = z.codec(waitingListEntryWireSchema, waitingListEntrySchema, {
  decode: waitingListEntryFromWire,
  encode: waitingListEntryToWire,
})

/** Sends only what the tier uses, like registrationRequestCodec. */
export const waitingListJoinCodec = z.codec(waitingListJoinWireSchema, waitingListJoinRequestSchema, {
  decode: (wire): WaitingListJoinRequest => toClientNames(wire),
  encode: (request) => ({
    ...registrationFieldsToWire(request),
    language: request.language ?? defaultLanguage,
  }),
})

export const waitingListAcceptSchema = z.object({ successUrl: z.string(), cancelUrl: z.string() })
export type WaitingListAccept = z.output<typeof waitingListAcceptSchema>

export const waitingListAcceptCodec = z.codec(waitingListAcceptWireSchema, waitingListAcceptSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (accept) => toWireNames(accept),
})

/** A waiting-list entry as staff see it. */
export const adminWaitingListEntrySchema = waitingListEntrySchema.extend({
  entryId: z.string(),
  email: z.string().nullable(),
  offeredAt: z.number().optional(),
})
export type AdminWaitingListEntry = z.output<typeof adminWaitingListEntrySchema>

export const adminWaitingListCodec = listCodec(
  adminWaitingListWireSchema,
  adminWaitingListEntrySchema,
  ({ entry_id, offered_at, ...item }) => ({
    ...waitingListEntryFromWire(item),
    entryId: entry_id,
    email: item.email,
    ...(offered_at === undefined ? {} : { offeredAt: Date.parse(offered_at) }),
  }),
  ({ entryId, offeredAt, ...item }) => ({
    ...waitingListEntryToWire(item),
    entry_id: entryId,
    email: item.email,
    ...(offeredAt === undefined ? {} : { offered_at: toIso(offeredAt) }),
  }),
)

// --- The event-cancelled refund run (decision 113) --------------------------------------------------------------

/** The run and its progress; instants in epoch ms. */
export const eventCancellationRunSchema = z.object({
  runId: z.string(),
  status: z.enum(['running', 'finished']),
  expensesPerPersonJpy: z.number(),
  totalRegistrations: z.number(),
  refunded: z.number(),
  failed: z.number(),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  lastError: z.string().optional(),
})
export type EventCancellationRun = z.output<typeof eventCancellationRunSchema>

/** Only the names and the instants change: the status and the counts read the same on both sides. */
export const eventCancellationRunCodec = z.codec(eventCancellationRunWireSchema, eventCancellationRunSchema, {
  decode: ({ started_at, finished_at, ...wire }) => ({
    ...toClientNames(wire),
    startedAt: Date.parse(started_at),
    ...(finished_at === undefined ? {} : { finishedAt: Date.parse(finished_at) }),
  }),
  encode: ({ startedAt, finishedAt, ...run }) => ({
    ...toWireNames(run),
    started_at: toIso(startedAt),
    ...(finishedAt === undefined ? {} : { finished_at: toIso(finishedAt) }),
  }),
})
