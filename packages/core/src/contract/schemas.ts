import { z } from 'zod'
import { inventoryStatuses, type PaymentStatus } from '../domain/registration.ts'
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
  tShirtSizeSchema,
  userIdSchema,
  xUsernameSchema,
} from '../validation/fields.ts'
import { tierDependentIssues } from '../validation/forms.ts'
import { issueMessage } from '../validation/issues.ts'

/*
 * The wire shapes of the product API (spec section 7): snake_case, exactly what goes over HTTP. Each is a
 * named component of the OpenAPI document. The API validates requests and the clients validate responses
 * with these; codecs.ts maps them to the camelCase client shapes.
 */

export interface ComponentMeta {
  id: string
  description: string
}

/** The named schemas of the contract; the OpenAPI document lists each under components.schemas. */
export const contractRegistry = z.registry<ComponentMeta>()

/** Names a schema as a component. The description also goes to the global registry, which JSON Schema reads. */
function component<T extends z.ZodType>(schema: T, meta: ComponentMeta): T {
  const described = schema.describe(meta.description) as T
  contractRegistry.add(described, meta)
  return described
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
  }),
  { id: 'FeatureFlags', description: 'Product-wide feature flags' },
)
export type FeatureFlagsWire = z.infer<typeof featureFlagsWireSchema>

export const profileWireSchema = component(
  z.object({ privacy: profilePrivacySchema, handle_name: handleNameSchema, urls: profileUrlsSchema }),
  {
    id: 'Profile',
    description: "A participant's profile; only public ones of registered participants are listed",
  },
)
export type ProfileWire = z.infer<typeof profileWireSchema>

export const profileListWireSchema = component(z.object({ items: z.array(profileWireSchema) }), {
  id: 'ProfileList',
  description: 'Public profiles of participants who completed registration',
})
export type ProfileListWire = z.infer<typeof profileListWireSchema>

export const registrationAdditionalInfoWireSchema = component(
  z.object({ club_activity_x_username: xUsernameSchema.optional() }),
  { id: 'RegistrationAdditionalInfo', description: 'Optional details given after registering' },
)
export type RegistrationAdditionalInfoWire = z.infer<typeof registrationAdditionalInfoWireSchema>

export const inventoryItemWireSchema = component(
  z.object({ registration_tier: registrationTierSchema, status: z.enum(inventoryStatuses) }),
  { id: 'InventoryItem', description: 'Whether a tier can still be bought' },
)
export type InventoryItemWire = z.infer<typeof inventoryItemWireSchema>

export const inventoryWireSchema = component(z.object({ items: z.array(inventoryItemWireSchema) }), {
  id: 'Inventory',
  description: 'Availability of every paid tier',
})
export type InventoryWire = z.infer<typeof inventoryWireSchema>

const settledPaymentStatuses = ['paid', 'expired', 'canceled'] as const satisfies readonly PaymentStatus[]

const registrationBase = {
  registration_tier: registrationTierSchema,
  badge_name: badgeNameSchema,
  t_shirt_size: tShirtSizeSchema.optional().describe('Sponsor tiers only'),
  changing_room_type: changingRoomTypeSchema.optional().describe('Fursuit tiers only'),
}

export const registrationWireSchema = component(
  z.discriminatedUnion('payment_status', [
    z.object({
      ...registrationBase,
      payment_status: z.literal('pending'),
      payment_url: paymentUrlSchema.describe('Stripe Checkout page to pay at'),
      expires_at: z.iso.datetime({ offset: true }).describe('When payment_url stops working'),
    }),
    z.object({
      ...registrationBase,
      payment_status: z.enum(settledPaymentStatuses),
    }),
  ]),
  {
    id: 'Registration',
    description: "The user's registration; payment_url and expires_at only while pending",
  },
)
export type RegistrationWire = z.infer<typeof registrationWireSchema>

export const registrationRequestWireSchema = component(
  z
    .object({
      registration_tier: registrationTierSchema,
      badge_name: badgeNameSchema,
      t_shirt_size: tShirtSizeSchema.optional().describe('Required for sponsor tiers; not allowed otherwise'),
      changing_room_type: changingRoomTypeSchema
        .optional()
        .describe('Required for fursuit tiers; not allowed otherwise'),
      success_url: redirectUrlSchema.describe('Where Checkout returns after payment; one of our origins'),
      cancel_url: redirectUrlSchema.describe(
        'Where Checkout returns when the user gives up; one of our origins',
      ),
    })
    .superRefine((value, ctx) => {
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
    }),
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

export const participantWireSchema = component(
  z.object({
    user: z.object({
      user_id: userIdSchema,
      // Cognito validated the address when the user signed up; a stricter check here would hide participants.
      email: z.string().meta({ format: 'email' }),
    }),
    registration: registrationWireSchema.optional(),
    registration_additional_info: registrationAdditionalInfoWireSchema.optional(),
    profile: profileWireSchema.optional(),
  }),
  { id: 'Participant', description: 'A user as admins see them' },
)
export type ParticipantWire = z.infer<typeof participantWireSchema>

export const participantListWireSchema = component(z.object({ items: z.array(participantWireSchema) }), {
  id: 'ParticipantList',
  description: 'Every participant',
})
export type ParticipantListWire = z.infer<typeof participantListWireSchema>

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
