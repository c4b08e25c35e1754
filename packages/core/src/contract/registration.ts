import { z } from 'zod'
import { defaultLanguage, supportedLanguages } from '../domain/language.ts'
import {
  type ChangingRoomType,
  changingRoomTypes,
  complimentaryKinds,
  inventoryStatuses,
  type PaymentStatus,
  type TShirtSize,
  tShirtSizes,
} from '../domain/registration.ts'
import {
  isFursuitTier,
  isSponsorTier,
  type RegistrationTier,
  registrationTiers,
} from '../domain/registration-tier.ts'
import {
  accessNeedsSchema,
  badgeNameSchema,
  changingRoomTypeSchema,
  paymentUrlSchema,
  redirectUrlSchema,
  registrationCodeSchema,
  registrationTierSchema,
  rulesAgreementSchema,
  storedTextSchema,
  tShirtSizeSchema,
  xUsernameSchema,
} from '../validation/fields.ts'
import {
  type RegistrationAdditionalInfo,
  type RegistrationForm,
  type RegistrationRequest,
  registrationAdditionalInfoSchema,
  registrationRequestSchema,
  tierDependentIssues,
} from '../validation/forms.ts'
import { listCodec, toIso } from './codecs.ts'
import { participantCancelRequestWireSchema, refundQuoteWireSchema, refundWireSchema } from './refunds.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * The member's registration: its additional info, the tiers left, the registration and its checkout, the
 * registration code it is shown as, and the venue a paid one is told.
 */

export const registrationAdditionalInfoWireSchema = component(
  z.object({
    club_activity_x_username: storedTextSchema
      .describe('X (Twitter) user name without @, as stored')
      .optional(),
  }),
  { id: 'RegistrationAdditionalInfo', description: 'Optional details given after registering' },
)
export type RegistrationAdditionalInfoWire = z.infer<typeof registrationAdditionalInfoWireSchema>

export const registrationAdditionalInfoRequestWireSchema = component(
  registrationAdditionalInfoWireSchema.extend({ club_activity_x_username: xUsernameSchema.optional() }),
  {
    id: 'RegistrationAdditionalInfoRequest',
    description: 'Creates or replaces the optional details given after registering',
  },
)

export const inventoryItemWireSchema = component(
  z.object({ registration_tier: registrationTierSchema, status: z.enum(inventoryStatuses) }),
  { id: 'InventoryItem', description: 'Whether a tier can still be bought' },
)
export type InventoryItemWire = z.infer<typeof inventoryItemWireSchema>

export const inventoryWireSchema = listComponent(inventoryItemWireSchema, {
  id: 'Inventory',
  description: 'Availability of every paid tier',
})
export type InventoryWire = z.infer<typeof inventoryWireSchema>

const settledPaymentStatuses = ['paid', 'expired', 'canceled'] as const satisfies readonly PaymentStatus[]

export const registrationHistoryItemWireSchema = component(
  z.object({
    edition_id: z.string().describe("The edition's id (`2025`)"),
    edition_name: z.object({ ja: z.string(), en: z.string() }).describe("The edition's name"),
    registration_tier: registrationTierSchema,
    payment_status: z.enum(settledPaymentStatuses),
    amount_jpy: z.number().int().min(0).describe('What the registration was charged at, in JPY'),
    paid_at: z.iso.datetime({ offset: true }).optional().describe('When it was paid, if it was'),
  }),
  {
    id: 'RegistrationHistoryItem',
    description: "One of the member's registrations in a past edition (decision 158)",
  },
)
export type RegistrationHistoryItemWire = z.infer<typeof registrationHistoryItemWireSchema>

export const registrationHistoryWireSchema = listComponent(registrationHistoryItemWireSchema, {
  id: 'RegistrationHistory',
  description: "The member's registrations in past editions, the latest edition first; empty when none",
})
export type RegistrationHistoryWire = z.infer<typeof registrationHistoryWireSchema>

const registrationBase = {
  registration_tier: registrationTierSchema,
  badge_name: storedTextSchema.describe(
    'Name printed on the badge, as stored (RegistrationRequest says the rule)',
  ),
  t_shirt_size: tShirtSizeSchema.optional().describe('Sponsor tiers only'),
  changing_room_type: changingRoomTypeSchema.optional().describe('Fursuit tiers only'),
  access_needs: storedTextSchema
    .optional()
    .describe('What the participant told reception staff about their access needs; absent when nothing'),
}

const pendingRegistrationShape = {
  ...registrationBase,
  payment_status: z.literal('pending'),
  payment_url: paymentUrlSchema.describe('Stripe Checkout page to pay at'),
  expires_at: z.iso.datetime({ offset: true }).describe('When payment_url stops working'),
}
const settledRegistrationShape = {
  ...registrationBase,
  payment_status: z.enum(settledPaymentStatuses),
  refunded_jpy: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Canceled after payment (decision 111): the yen refunded, 0 when nothing was'),
}

export const registrationWireSchema = component(
  z.discriminatedUnion('payment_status', [
    z.object(pendingRegistrationShape),
    z.object(settledRegistrationShape),
  ]),
  {
    id: 'Registration',
    description:
      "The user's registration in the current edition (past editions' are GET /registration/history); " +
      'payment_url and expires_at only while pending',
  },
)
export type RegistrationWire = z.infer<typeof registrationWireSchema>

// Optional so that answers written before the field existed still parse; the API always sends it.
const registrationIdField = {
  id: registrationIdSchema
    .optional()
    .describe("The registration's id, as the registration code's registration_id names it"),
}

/** Admins see whether a registration was given without payment, and to whom (decision 185). */
const complimentaryField = {
  complimentary: z
    .enum(complimentaryKinds)
    .optional()
    .describe('Registered by the desk without payment: a guest, a dealer or a staff member'),
}

export const adminRegistrationWireSchema = component(
  z.discriminatedUnion('payment_status', [
    z.object({
      ...pendingRegistrationShape,
      // Admins see every held spot (decision 056), including a registration whose session is being opened.
      payment_url: paymentUrlSchema
        .optional()
        .describe('Stripe Checkout page to pay at; absent while the session is being opened'),
      expires_at: z.iso
        .datetime({ offset: true })
        .describe('When payment_url stops working; without one, when the held spot goes back'),
      ...registrationIdField,
    }),
    z.object({
      ...settledRegistrationShape,
      ...registrationIdField,
      ...complimentaryField,
      badge_number: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('The short number on the badge (decision 189), per edition; absent until first paid'),
    }),
  ]),
  {
    id: 'AdminRegistration',
    description:
      'A registration as admins see it: with its id, which reception matches registration codes to',
  },
)
export type AdminRegistrationWire = z.infer<typeof adminRegistrationWireSchema>

/** The registration form on the wire: what registering and joining a waiting list both ask for. */
export const registrationFieldsWire = {
  registration_tier: registrationTierSchema,
  badge_name: badgeNameSchema,
  t_shirt_size: tShirtSizeSchema.optional().describe('Required for sponsor tiers; not allowed otherwise'),
  changing_room_type: changingRoomTypeSchema
    .optional()
    .describe('Required for fursuit tiers; not allowed otherwise'),
  access_needs: accessNeedsSchema.optional(),
}

/** The size and room a tier needs, and none it does not (the same rule as the form's, by wire names). */
export function checkTierFields(
  value: {
    registration_tier: RegistrationTier
    t_shirt_size?: TShirtSize
    changing_room_type?: ChangingRoomType
  },
  ctx: z.RefinementCtx,
): void {
  const issues = tierDependentIssues(
    {
      registrationTier: value.registration_tier,
      tShirtSize: value.t_shirt_size,
      changingRoomType: value.changing_room_type,
    },
    { rejectInapplicable: true },
  )
  for (const issue of issues) {
    const path = issue.field === 'tShirtSize' ? 't_shirt_size' : 'changing_room_type'
    ctx.addIssue({ code: 'custom', path: [path], message: issue.message })
  }
}

export const registrationRequestWireSchema = component(
  z
    .object({
      ...registrationFieldsWire,
      agreed_to_rules: rulesAgreementSchema.describe(
        'true: the member ticked that they agree to the participation rules; the API records when',
      ),
      success_url: redirectUrlSchema.describe('Where Checkout returns after payment; one of our origins'),
      cancel_url: redirectUrlSchema.describe(
        'Where Checkout returns when the user gives up; one of our origins',
      ),
      language: z
        .enum(supportedLanguages)
        .default(defaultLanguage)
        .describe('The language the member registers in; the mails about this registration use it'),
      minor: z
        .boolean()
        .default(false)
        .describe(
          '13 or under on the event day: refused with guardianNotConfirmed until a guardian confirmed',
        ),
    })
    .superRefine(checkTierFields),
  { id: 'RegistrationRequest', description: 'Starts a registration and its Checkout session' },
)
export type RegistrationRequestWire = z.infer<typeof registrationRequestWireSchema>

export const registrationDetailsRequestWireSchema = component(
  z.object(registrationFieldsWire).superRefine(checkTierFields),
  {
    id: 'RegistrationDetailsRequest',
    description:
      "A paid registration's badge name, T-shirt size, changing room and access needs, with its tier (which " +
      'must stay the same), under the rules of RegistrationRequest; access needs left out or empty are cleared',
  },
)
export type RegistrationDetailsRequestWire = z.infer<typeof registrationDetailsRequestWireSchema>

export const registrationCheckoutWireSchema = component(z.object({ payment_url: paymentUrlSchema }), {
  id: 'RegistrationCheckout',
  description: 'The Checkout page the user is sent to',
})
export type RegistrationCheckoutWire = z.infer<typeof registrationCheckoutWireSchema>

export const registrationCodeWireSchema = component(z.object({ token: registrationCodeSchema }), {
  id: 'RegistrationCode',
  description: 'The registration code shown as a QR code at reception',
})
export type RegistrationCodeWire = z.infer<typeof registrationCodeWireSchema>

/** A text the committee writes in both languages. */
const bilingualTextWireSchema = z.object({
  ja: z.string().trim().min(1).max(1000),
  en: z.string().trim().min(1).max(1000),
})

/**
 * The venue as paid participants learn it (decision 123): the committee's configuration, in both languages, so
 * a copy kept offline still reads in the other language.
 */
export const venueWireSchema = component(
  z.object({
    name: bilingualTextWireSchema,
    address: bilingualTextWireSchema,
    access: bilingualTextWireSchema.describe('How to get there: stations, walking time'),
    map_url: z
      .url({ protocol: /^https$/ })
      .max(2000)
      .describe('A map of the venue (https)'),
    entry_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .describe('When entry opens on the event day, HH:MM in Japan'),
  }),
  { id: 'Venue', description: 'Where the event takes place; only for a paid registration' },
)
export type VenueWire = z.infer<typeof venueWireSchema>

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
export const storedRegistrationAdditionalInfoSchema = z.object({
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

export const registrationHistoryItemSchema = z.object({
  editionId: z.string(),
  editionName: z.object({ ja: z.string(), en: z.string() }),
  registrationTier: z.enum(registrationTiers),
  paymentStatus: z.enum(settledPaymentStatuses),
  amountJpy: z.number(),
  /** Epoch ms. */
  paidAt: z.number().optional(),
})
export type RegistrationHistoryItem = z.output<typeof registrationHistoryItemSchema>

const registrationShape = {
  registrationTier: z.enum(registrationTiers),
  badgeName: z.string(),
  tShirtSize: z.enum(tShirtSizes).optional(),
  changingRoomType: z.enum(changingRoomTypes).optional(),
  accessNeeds: z.string().optional(),
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

function historyItemFromWire({ paid_at, ...item }: RegistrationHistoryItemWire): RegistrationHistoryItem {
  return { ...toClientNames(item), ...(paid_at === undefined ? {} : { paidAt: Date.parse(paid_at) }) }
}

function historyItemToWire({ paidAt, ...item }: RegistrationHistoryItem): RegistrationHistoryItemWire {
  return { ...toWireNames(item), ...(paidAt === undefined ? {} : { paid_at: toIso(paidAt) }) }
}

/** GET /registration/history: readable with or without a registration in the current edition. */
export const registrationHistoryCodec = listCodec(
  registrationHistoryWireSchema,
  registrationHistoryItemSchema,
  historyItemFromWire,
  historyItemToWire,
)

export function registrationFromWire(registration: RegistrationWire): Registration {
  if (registration.payment_status !== 'pending') return toClientNames(registration)
  const { expires_at, ...pending } = registration
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
export function registrationFieldsToWire(form: RegistrationForm) {
  return {
    registration_tier: form.registrationTier,
    badge_name: form.badgeName,
    ...(isSponsorTier(form.registrationTier) ? { t_shirt_size: form.tShirtSize } : {}),
    ...(isFursuitTier(form.registrationTier) ? { changing_room_type: form.changingRoomType } : {}),
    ...(form.accessNeeds ? { access_needs: form.accessNeeds } : {}),
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
    minor: request.minor ?? false,
  }),
})

/** The details a paid participant may change (decision 166): the registration form's fields but the rules agreement. */
export const registrationDetailsSchema = z.object({
  registrationTier: z.enum(registrationTiers),
  badgeName: z.string(),
  tShirtSize: z.enum(tShirtSizes).optional(),
  changingRoomType: z.enum(changingRoomTypes).optional(),
  /** Empty or left out clears them. */
  accessNeeds: accessNeedsSchema.optional(),
})
export type RegistrationDetails = z.output<typeof registrationDetailsSchema>

/** Only what the tier uses, as when registering. */
export function registrationDetailsToWire(details: RegistrationDetails) {
  return {
    registration_tier: details.registrationTier,
    badge_name: details.badgeName,
    ...(isSponsorTier(details.registrationTier) ? { t_shirt_size: details.tShirtSize } : {}),
    ...(isFursuitTier(details.registrationTier) ? { changing_room_type: details.changingRoomType } : {}),
    ...(details.accessNeeds ? { access_needs: details.accessNeeds } : {}),
  }
}

export const registrationDetailsRequestCodec = z.codec(
  registrationDetailsRequestWireSchema,
  registrationDetailsSchema,
  {
    decode: (wire) => toClientNames(wire),
    encode: registrationDetailsToWire,
  },
)

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
    z.object({
      ...registrationShape,
      paymentStatus: z.enum(['paid', 'expired', 'canceled']),
      complimentary: z.enum(complimentaryKinds).optional(),
      badgeNumber: z.number().optional(),
    }),
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

/** A registration as admins see it; the answer to a complimentary registration (decision 185). */
export const adminRegistrationCodec = z.codec(adminRegistrationWireSchema, adminRegistrationSchema, {
  decode: adminRegistrationFromWire,
  encode: adminRegistrationToWire,
})

const memberRegistration = routeGroup('member', 'registration')

/** The member's registration routes. */
export const registrationRoutes = {
  getRegistrationAdditionalInfo: memberRegistration.get('/registration/additional', {
    summary: "Read the user's registration additional info",
    responses: { 200: { description: 'The additional info', schema: registrationAdditionalInfoWireSchema } },
    noneOn404: { description: 'The user has given no additional info' },
  }),
  putRegistrationAdditionalInfo: memberRegistration.put('/registration/additional', {
    summary: "Create or replace the user's registration additional info",
    description: 'Leaving club_activity_x_username out clears it.',
    request: { body: registrationAdditionalInfoRequestWireSchema },
    responses: {
      200: { description: 'The saved additional info', schema: registrationAdditionalInfoWireSchema },
    },
  }),
  getInventory: memberRegistration.get('/inventory', {
    summary: 'Read which tiers are available or sold out',
    responses: { 200: { description: 'Availability per tier', schema: inventoryWireSchema } },
  }),
  getRegistration: memberRegistration.get('/registration', {
    summary: "Read the user's registration",
    responses: { 200: { description: 'The registration', schema: registrationWireSchema } },
    noneOn404: { description: 'The user has not registered' },
  }),
  getRegistrationHistory: memberRegistration.get('/registration/history', {
    summary: "Read the user's registrations in past editions",
    description:
      'Answers with or without a registration in the current edition (GET /registration then says 404), ' +
      'so a member who skipped this edition still sees their history; empty when there is none.',
    responses: { 200: { description: 'The past registrations', schema: registrationHistoryWireSchema } },
  }),
  postRegistration: memberRegistration.post('/registration', {
    summary: 'Start a registration and its Checkout session',
    description:
      'Takes a spot of the tier until the session expires. Errors: 409 purchaseSessionAlreadyExists, ' +
      'soldOut or registrationUnavailable (the registration flag is off); 503 highTraffic.',
    request: { body: registrationRequestWireSchema },
    responses: {
      201: { description: 'The Checkout page to send the user to', schema: registrationCheckoutWireSchema },
    },
  }),
  deleteRegistration: memberRegistration.delete('/registration', {
    summary: 'Cancel the pending Checkout session',
    description: 'Ends the registration session and returns the registration as it now is.',
    responses: { 200: { description: 'The registration after cancelling', schema: registrationWireSchema } },
  }),
  putRegistrationDetails: memberRegistration.put('/registration/details', {
    summary: "Change the paid registration's badge name, T-shirt size or changing room",
    description:
      'Until the badge print day, 7 days before the event in Japan (decision 166), with the same rules as ' +
      'registering; the tier must stay the same. Answers the registration as it now is, and mails the ' +
      'participant the details in force. Errors: 400 invalidRequest; 409 detailsChangeNotPaid, ' +
      'detailsChangeClosed, tierChangeNotOffered; 404 notFound without a registration.',
    request: { body: registrationDetailsRequestWireSchema },
    responses: { 200: { description: 'The registration after the change', schema: registrationWireSchema } },
  }),
  getRegistrationCancellation: memberRegistration.get('/registration/cancellation', {
    summary: 'Read what cancelling the registration refunds today',
    description:
      "The refund policy of the current edition applied to the fee on today's date in Japan (the amount staff " +
      'refunds use too), and the refund already made, if any. 404 notFound without a registration in the ' +
      'current edition.',
    responses: { 200: { description: 'The policy amount and any refund', schema: refundQuoteWireSchema } },
    noneOn404: { description: 'No registration in the current edition' },
  }),
  postRegistrationCancellation: memberRegistration.post('/registration/cancellation', {
    summary: 'Cancel the paid registration with the refund the policy gives today',
    description:
      'Refunds refund_jpy through the payment provider (nothing after the last cut-off), cancels the ' +
      'registration, gives its spot back (offered to the waiting list) and stops its code at the door ' +
      '(decision 165). The idempotency_key that cancelled answers the same refund again; any other key is told ' +
      '409 alreadyRefunded, also when two tabs or a staff refund race it. Errors: 409 registrationNotPaid, ' +
      'alreadyRefunded, alreadyCheckedIn, refundAmountChanged (the policy gives another amount now: read the ' +
      'quote again), editionOver, cancelDuringEventCancellation; 502 refundFailed (nothing changed: try ' +
      'again with the same key).',
    request: { body: participantCancelRequestWireSchema },
    responses: { 200: { description: 'The refund made', schema: refundWireSchema } },
  }),
  getRegistrationCode: memberRegistration.get('/registration/jwt', {
    // The path and the operation keep the names they were published under; the value is a registration code.
    operationId: 'getRegistrationJwt',
    summary: 'Issue the registration code',
    description: 'Only for a paid registration; otherwise 404 notFound.',
    responses: { 200: { description: 'The registration code', schema: registrationCodeWireSchema } },
  }),
  getVenue: memberRegistration.get('/venue', {
    summary: 'Read the venue details',
    description:
      'Only for a paid registration; otherwise (none, pending, expired, canceled) 404 notFound, as for ' +
      'the registration code. Also 404 while the committee has not announced the venue.',
    responses: { 200: { description: 'The venue', schema: venueWireSchema } },
    noneOn404: { description: 'No paid registration, or no venue announced yet' },
  }),
} as const satisfies Record<string, RouteDefinition>
