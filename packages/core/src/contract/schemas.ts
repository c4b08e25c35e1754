import { z } from 'zod'
import { defaultLanguage, supportedLanguages } from '../domain/language.ts'
import {
  type ChangingRoomType,
  inventoryStatuses,
  type PaymentStatus,
  type TShirtSize,
} from '../domain/registration.ts'
import type { RegistrationTier } from '../domain/registration-tier.ts'
import type { ProductErrorKey, unauthorizedMessage } from '../errors/catalogue.ts'
import {
  badgeNameSchema,
  changingRoomTypeSchema,
  handleNameSchema,
  paymentUrlSchema,
  profilePrivacySchema,
  profileUrlsSchema,
  redirectUrlSchema,
  registrationCodeSchema,
  registrationTierSchema,
  rulesAgreementSchema,
  storableTextSchema,
  storedProfileUrlsSchema,
  storedTextSchema,
  tShirtSizeSchema,
  userIdSchema,
  xUsernameSchema,
} from '../validation/fields.ts'
import { tierDependentIssues } from '../validation/forms.ts'
import { issueMessage } from '../validation/issues.ts'

/*
 * The wire shapes of the product API: snake_case, exactly what goes over HTTP. Each is a
 * named component of the OpenAPI document. The API validates requests and the clients validate responses
 * with these; codecs.ts maps them to the camelCase client shapes.
 *
 * Free text has two shapes (decision 015): what is written (a `…Request`, a check-in upload) applies the
 * field's rule; what is answered takes the text as stored (`storedTextSchema`), so a text written under an
 * earlier rule can still be read. Each shape is written once; the other one replaces only its text fields.
 */

interface ComponentMeta {
  id: string
  description: string
}

/** The named schemas of the contract; the OpenAPI document lists each under components.schemas. */
export const contractRegistry = z.registry<ComponentMeta>()

/** Names a schema as a component. The description also goes to the global registry, which JSON Schema reads. */
export function component<T extends z.ZodType>(schema: T, meta: ComponentMeta): T {
  const described = schema.describe(meta.description) as T
  contractRegistry.add(described, meta)
  return described
}

/** A list answer, `{ "items": [...] }`, named as a component. */
function listComponent<T extends z.ZodType>(item: T, meta: ComponentMeta) {
  return component(z.object({ items: z.array(item) }), meta)
}

/** Every error answer: `{ "message": … }`, plus the failing fields when the request was not valid. */
export const errorBodyWireSchema = component(
  z.object({
    message: z.string().describe('A product error key (errors:product.*), or Unauthorized with status 401'),
    issues: z
      .array(
        z.object({
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string().describe('A key of the errors namespace, such as validation.badgeNameEmpty'),
        }),
      )
      .optional()
      .describe('With message invalidRequest: what was wrong with which field'),
  }),
  { id: 'ErrorBody', description: 'The body of every error response' },
)
export type ErrorBodyWire = z.infer<typeof errorBodyWireSchema>

export const featureFlagsWireSchema = component(
  z.object({
    is_new_club_activity_establishment_available: z.boolean(),
    is_registration_available: z.boolean(),
    is_under_maintenance: z.boolean(),
    is_event_cancelled: z
      .boolean()
      .optional()
      .describe(
        'Read-only: true once the event-cancelled refund run has started (registration then stays off); ignored in PUT',
      ),
  }),
  { id: 'FeatureFlags', description: 'Product-wide feature flags' },
)
export type FeatureFlagsWire = z.infer<typeof featureFlagsWireSchema>

export const profileWireSchema = component(
  z.object({
    privacy: profilePrivacySchema,
    handle_name: storedTextSchema.describe(
      'Name shown on the profile, as stored (ProfileRequest says the rule)',
    ),
    urls: storedProfileUrlsSchema,
  }),
  {
    id: 'Profile',
    description: "A participant's profile; only public ones of registered participants are listed",
  },
)
export type ProfileWire = z.infer<typeof profileWireSchema>

export const profileRequestWireSchema = component(
  profileWireSchema.extend({ handle_name: handleNameSchema, urls: profileUrlsSchema }),
  { id: 'ProfileRequest', description: "Creates or replaces the user's profile" },
)

export const profileListWireSchema = listComponent(profileWireSchema, {
  id: 'ProfileList',
  description: 'Public profiles of participants who completed registration',
})
export type ProfileListWire = z.infer<typeof profileListWireSchema>

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

const registrationBase = {
  registration_tier: registrationTierSchema,
  badge_name: storedTextSchema.describe(
    'Name printed on the badge, as stored (RegistrationRequest says the rule)',
  ),
  t_shirt_size: tShirtSizeSchema.optional().describe('Sponsor tiers only'),
  changing_room_type: changingRoomTypeSchema.optional().describe('Fursuit tiers only'),
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
    description: "The user's registration; payment_url and expires_at only while pending",
  },
)
export type RegistrationWire = z.infer<typeof registrationWireSchema>

/** The id the registration code carries as `registration_id` (and `jti`). */
export const registrationIdSchema = z.uuid()

// Optional so that answers written before the field existed still parse; the API always sends it.
const registrationIdField = {
  id: registrationIdSchema
    .optional()
    .describe("The registration's id, as the registration code's registration_id names it"),
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
    z.object({ ...settledRegistrationShape, ...registrationIdField }),
  ]),
  {
    id: 'AdminRegistration',
    description:
      'A registration as admins see it: with its id, which reception matches registration codes to',
  },
)
export type AdminRegistrationWire = z.infer<typeof adminRegistrationWireSchema>

/** The registration form on the wire: what registering and joining a waiting list both ask for. */
const registrationFieldsWire = {
  registration_tier: registrationTierSchema,
  badge_name: badgeNameSchema,
  t_shirt_size: tShirtSizeSchema.optional().describe('Required for sponsor tiers; not allowed otherwise'),
  changing_room_type: changingRoomTypeSchema
    .optional()
    .describe('Required for fursuit tiers; not allowed otherwise'),
}

/** The size and room a tier needs, and none it does not (the same rule as the form's, by wire names). */
function checkTierFields(
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
    })
    .superRefine(checkTierFields),
  { id: 'RegistrationRequest', description: 'Starts a registration and its Checkout session' },
)
export type RegistrationRequestWire = z.infer<typeof registrationRequestWireSchema>

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

export const participantWireSchema = component(
  z.object({
    user: z.object({
      user_id: userIdSchema,
      // Cognito validated the address when the user signed up; a stricter check here would hide participants.
      email: z.string().meta({ format: 'email' }),
    }),
    registration: adminRegistrationWireSchema.optional(),
    registration_additional_info: registrationAdditionalInfoWireSchema.optional(),
    profile: profileWireSchema.optional(),
  }),
  { id: 'Participant', description: 'A user as admins see them' },
)
export type ParticipantWire = z.infer<typeof participantWireSchema>

export const participantListWireSchema = listComponent(participantWireSchema, {
  id: 'ParticipantList',
  description: 'Every participant',
})
export type ParticipantListWire = z.infer<typeof participantListWireSchema>

/*
 * Reception check-ins (docs/requirements.md CHK-1 to CHK-6). Devices record check-ins offline with ids they
 * generate and their own clock, upload them in batches (sending one again is harmless), and pull everyone's
 * records incrementally. The server keeps every item it receives; the first check-in of a registration to
 * reach it wins, later ones are answered as duplicates naming that first one.
 */

export const checkInKinds = ['check_in', 'undo'] as const
export type CheckInKind = (typeof checkInKinds)[number]

export const checkInStatuses = ['accepted', 'duplicate', 'rejected'] as const
export type CheckInStatus = (typeof checkInStatuses)[number]

/**
 * Why the API refuses to check a registration in: only a paid registration may be checked in, whatever the
 * device believed when it recorded the check-in (decision 078).
 */
export const checkInRefusalReasons = ['not_paid', 'canceled'] as const
export type CheckInRefusalReason = (typeof checkInRefusalReasons)[number]

export const checkInRejectionReasons = [
  'unknown_registration',
  'undo_target_not_found',
  'undo_target_not_active',
  ...checkInRefusalReasons,
] as const
export type CheckInRejectionReason = (typeof checkInRejectionReasons)[number]

export function isCheckInRefusal(reason: CheckInRejectionReason | undefined): reason is CheckInRefusalReason {
  return (checkInRefusalReasons as readonly string[]).includes(reason ?? '')
}

const checkInIdSchema = z.uuid().describe('Generated by the device (crypto.randomUUID)')
const deviceIdSchema = storableTextSchema(z.string().min(1).max(64)).describe(
  'A random id each reception device keeps',
)
const deviceNameSchema = storableTextSchema(z.string().min(1).max(50)).describe(
  'The label staff gave the device (受付1)',
)
const storedDeviceIdSchema = storedTextSchema.describe('The id of the reception device, as stored')
const storedDeviceNameSchema = storedTextSchema.describe('The name of the reception device, as stored')
const instantSchema = z.iso.datetime({ offset: true })

const checkInItemShape = {
  id: checkInIdSchema,
  registration_id: registrationIdSchema,
  device_id: deviceIdSchema,
  device_name: deviceNameSchema.optional(),
  checked_in_at: instantSchema.describe('The device clock when staff checked the person in, or undid it'),
  kind: z.enum(checkInKinds),
  undoes: checkInIdSchema.optional().describe('With kind undo (and only then): the check-in it cancels'),
}

function requireUndoTarget(value: { kind: CheckInKind; undoes?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.kind === 'undo' && value.undoes === undefined) {
    ctx.addIssue({ code: 'custom', path: ['undoes'], message: 'validation.required' })
  }
  if (value.kind === 'check_in' && value.undoes !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['undoes'], message: 'validation.invalidInput' })
  }
}

export const checkInItemWireSchema = component(z.object(checkInItemShape).superRefine(requireUndoTarget), {
  id: 'CheckInItem',
  description: 'A check-in, or the undo of one, as a reception device recorded it',
})
export type CheckInItemWire = z.infer<typeof checkInItemWireSchema>

/** Batches stay well under the API's 64 KiB body limit (an item is about 300 bytes). */
export const maxCheckInUploadItems = 100

export const checkInUploadWireSchema = component(
  z.object({ items: z.array(checkInItemWireSchema).min(1).max(maxCheckInUploadItems) }),
  { id: 'CheckInUpload', description: 'Check-ins a device uploads; processed in order' },
)
export type CheckInUploadWire = z.infer<typeof checkInUploadWireSchema>

export const firstCheckInWireSchema = component(
  z.object({
    id: checkInIdSchema,
    device_id: storedDeviceIdSchema,
    device_name: storedDeviceNameSchema.optional(),
    checked_in_at: instantSchema,
  }),
  {
    id: 'FirstCheckIn',
    description: 'The check-in that won: the first of its registration to reach the API',
  },
)
export type FirstCheckInWire = z.infer<typeof firstCheckInWireSchema>

const checkInRejectionReasonSchema = z
  .enum(checkInRejectionReasons)
  .describe(
    'unknown_registration: no such registration; undo_target_not_found / undo_target_not_active: the undo ' +
      'names no check-in of its registration / not the one in force; not_paid, canceled: the registration ' +
      'may not be checked in (refused)',
  )

export const checkInResultWireSchema = component(
  z.discriminatedUnion('status', [
    z.object({ id: checkInIdSchema, status: z.literal('accepted') }),
    z.object({
      id: checkInIdSchema,
      status: z.literal('duplicate'),
      first_check_in: firstCheckInWireSchema,
    }),
    z.object({ id: checkInIdSchema, status: z.literal('rejected'), reason: checkInRejectionReasonSchema }),
  ]),
  {
    id: 'CheckInResult',
    description:
      'The answer for one uploaded item. An id sent again gets the answer it got the first time ' +
      '(an accepted check-in stays accepted). A check-in of a registration that is not paid is refused: ' +
      'rejected with reason not_paid (pending or expired) or canceled.',
  },
)
export type CheckInResultWire = z.infer<typeof checkInResultWireSchema>

export const checkInUploadResultWireSchema = component(
  z.object({ results: z.array(checkInResultWireSchema) }),
  { id: 'CheckInUploadResult', description: 'One result per uploaded item, in the order of the items' },
)
export type CheckInUploadResultWire = z.infer<typeof checkInUploadResultWireSchema>

export const checkInRecordWireSchema = component(
  z.object({
    ...checkInItemShape,
    device_id: storedDeviceIdSchema,
    device_name: storedDeviceNameSchema.optional(),
    status: z.enum(checkInStatuses),
    first_check_in_id: checkInIdSchema.optional().describe('With status duplicate: the check-in that won'),
    reason: checkInRejectionReasonSchema.optional().describe('With status rejected: why'),
    received_at: instantSchema.describe('When the API stored it (its clock)'),
  }),
  { id: 'CheckInRecord', description: 'A stored check-in or undo, with how the API answered it' },
)
export type CheckInRecordWire = z.infer<typeof checkInRecordWireSchema>

export const checkInPageWireSchema = component(
  z.object({
    items: z.array(checkInRecordWireSchema),
    next_cursor: z
      .string()
      .min(1)
      .max(200)
      .describe('Pass it as since to get what was stored after this page'),
    has_more: z.boolean().describe('More records are waiting: ask again with next_cursor at once'),
  }),
  { id: 'CheckInPage', description: 'Check-in records in the order the API stored them' },
)
export type CheckInPageWire = z.infer<typeof checkInPageWireSchema>

export const checkInPageQueryWireSchema = z.object({
  since: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The next_cursor of the previous page; without it the records start from the first'),
})

/** The public keys registration codes are signed with (ES256), so reception can verify codes offline. */
export const registrationCodeKeySetWireSchema = component(
  z.object({
    keys: z.array(
      z.looseObject({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string().min(1),
        y: z.string().min(1),
        kid: z.string().min(1),
        alg: z.literal('ES256').optional(),
        use: z.literal('sig').optional(),
      }),
    ),
  }),
  {
    id: 'RegistrationCodeKeySet',
    description: 'A JWK Set of the public keys registration codes are signed with',
  },
)
export type RegistrationCodeKeySetWire = z.infer<typeof registrationCodeKeySetWireSchema>

/** `{ message }` for a product error key, or Unauthorized with status 401. */
export function errorBody(message: ProductErrorKey | typeof unauthorizedMessage): ErrorBodyWire {
  return { message }
}

/** The 400 answer to a request that failed its schema: invalidRequest with the failing fields. */
export function invalidRequestBody(error: z.ZodError): ErrorBodyWire {
  return {
    message: 'invalidRequest',
    issues: error.issues.map((issue) => ({
      path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
      message: issueMessage(issue).key,
    })),
  }
}

// --- The waiting list (decision 115) -------------------------------------------------------------------------

export const waitingListStatuses = ['waiting', 'offered', 'accepted', 'expired', 'left'] as const
export type WaitingListStatus = (typeof waitingListStatuses)[number]

/** The registration fields without the checkout redirects: joining asks for exactly what registering does. */
export const waitingListJoinWireSchema = component(
  z
    .object({
      ...registrationFieldsWire,
      agreed_to_rules: rulesAgreementSchema.describe(
        'true: the member agrees to the participation rules; an accepted offer records the joining time as when',
      ),
      language: z
        .enum(supportedLanguages)
        .default(defaultLanguage)
        .describe('The language of the offer mails and of the registration an accepted offer becomes'),
    })
    .superRefine(checkTierFields),
  { id: 'WaitingListJoinRequest', description: 'Join the waiting list of a sold-out tier' },
)
export type WaitingListJoinWire = z.input<typeof waitingListJoinWireSchema>

const waitingEntryBase = {
  registration_tier: registrationTierSchema,
  badge_name: storedTextSchema.describe('Name for the badge, as stored'),
  status: z.enum(waitingListStatuses),
  joined_at: z.iso.datetime({ offset: true }),
  position: z.int().positive().optional().describe('While waiting: 1 is the next person to get an offer'),
  offer_expires_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('While offered: when the held spot passes to the next person'),
}

export const waitingListEntryWireSchema = component(z.object(waitingEntryBase), {
  id: 'WaitingListEntry',
  description: "The member's place on a waiting list: their open entry, else their latest ended one",
})
export type WaitingListEntryWire = z.infer<typeof waitingListEntryWireSchema>

export const waitingListAcceptWireSchema = component(
  z.object({
    success_url: redirectUrlSchema.describe('Where Checkout returns after payment; one of our origins'),
    cancel_url: redirectUrlSchema.describe(
      'Where Checkout returns when the user gives up; one of our origins',
    ),
  }),
  { id: 'WaitingListAcceptRequest', description: 'Accept the open offer and go to its checkout' },
)
export type WaitingListAcceptWire = z.infer<typeof waitingListAcceptWireSchema>

export const adminWaitingListWireSchema = component(
  z.object({
    items: z.array(
      z.object({
        ...waitingEntryBase,
        entry_id: z.uuid(),
        email: z.string().meta({ format: 'email' }).nullable(),
        offered_at: z.iso.datetime({ offset: true }).optional(),
      }),
    ),
  }),
  {
    id: 'AdminWaitingList',
    description: "Every tier's waiting list and offers, open entries first in order",
  },
)
export type AdminWaitingListWire = z.infer<typeof adminWaitingListWireSchema>
