import { z } from 'zod'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { changingRoomTypes, inventoryStatuses, tShirtSizes } from '../domain/registration.ts'
import { isFursuitTier, isSponsorTier, registrationTiers } from '../domain/registration-tier.ts'
import {
  type Profile,
  profileSchema,
  type RegistrationAdditionalInfo,
  type RegistrationRequest,
  registrationAdditionalInfoSchema,
  registrationRequestSchema,
} from '../validation/forms.ts'
import {
  type FeatureFlagsWire,
  featureFlagsWireSchema,
  type InventoryItemWire,
  inventoryWireSchema,
  type ParticipantWire,
  type ProfileWire,
  participantListWireSchema,
  profileListWireSchema,
  profileWireSchema,
  type RegistrationAdditionalInfoWire,
  type RegistrationWire,
  registrationAdditionalInfoWireSchema,
  registrationCheckoutWireSchema,
  registrationCodeWireSchema,
  registrationRequestWireSchema,
  registrationWireSchema,
} from './schemas.ts'

/*
 * The camelCase shapes the apps use, and codecs between them and the wire. `codec.parse(json)` (or
 * `z.decode`) validates a wire value and returns the client shape; `z.encode(codec, value)` validates a
 * client value and returns the wire shape. The API can use the same codecs in the other direction.
 */

export const featureFlagsSchema = z.object({
  isNewClubActivityEstablishmentAvailable: z.boolean(),
  isRegistrationAvailable: z.boolean(),
  isUnderMaintenance: z.boolean(),
}) satisfies z.ZodType<FeatureFlags>

export function featureFlagsFromWire(wire: FeatureFlagsWire): FeatureFlags {
  return {
    isNewClubActivityEstablishmentAvailable: wire.is_new_club_activity_establishment_available,
    isRegistrationAvailable: wire.is_registration_available,
    isUnderMaintenance: wire.is_under_maintenance,
  }
}

export function featureFlagsToWire(flags: FeatureFlags): FeatureFlagsWire {
  return {
    is_new_club_activity_establishment_available: flags.isNewClubActivityEstablishmentAvailable,
    is_registration_available: flags.isRegistrationAvailable,
    is_under_maintenance: flags.isUnderMaintenance,
  }
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

export const profileCodec = z.codec(profileWireSchema, profileSchema, {
  decode: profileFromWire,
  encode: profileToWire,
})

export const profileListCodec = z.codec(profileListWireSchema, z.array(profileSchema), {
  decode: (wire) => wire.items.map(profileFromWire),
  encode: (profiles) => ({ items: profiles.map(profileToWire) }),
})

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

export const registrationAdditionalInfoCodec = z.codec(
  registrationAdditionalInfoWireSchema,
  registrationAdditionalInfoSchema,
  { decode: registrationAdditionalInfoFromWire, encode: registrationAdditionalInfoToWire },
)

export const inventoryItemSchema = z.object({
  registrationTier: z.enum(registrationTiers),
  status: z.enum(inventoryStatuses),
})
export type InventoryItem = z.output<typeof inventoryItemSchema>

function inventoryItemFromWire(wire: InventoryItemWire): InventoryItem {
  return { registrationTier: wire.registration_tier, status: wire.status }
}

export const inventoryCodec = z.codec(inventoryWireSchema, z.array(inventoryItemSchema), {
  decode: (wire) => wire.items.map(inventoryItemFromWire),
  encode: (items) => ({
    items: items.map((item) => ({ registration_tier: item.registrationTier, status: item.status })),
  }),
})

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
  z.object({ ...registrationShape, paymentStatus: z.enum(['paid', 'expired', 'canceled']) }),
])
export type Registration = z.output<typeof registrationSchema>

export function registrationFromWire(wire: RegistrationWire): Registration {
  const common = {
    registrationTier: wire.registration_tier,
    badgeName: wire.badge_name,
    ...(wire.t_shirt_size === undefined ? {} : { tShirtSize: wire.t_shirt_size }),
    ...(wire.changing_room_type === undefined ? {} : { changingRoomType: wire.changing_room_type }),
  }
  return wire.payment_status === 'pending'
    ? {
        ...common,
        paymentStatus: 'pending',
        paymentUrl: wire.payment_url,
        expiresAt: Date.parse(wire.expires_at),
      }
    : { ...common, paymentStatus: wire.payment_status }
}

export function registrationToWire(registration: Registration): RegistrationWire {
  const common = {
    registration_tier: registration.registrationTier,
    badge_name: registration.badgeName,
    ...(registration.tShirtSize === undefined ? {} : { t_shirt_size: registration.tShirtSize }),
    ...(registration.changingRoomType === undefined
      ? {}
      : { changing_room_type: registration.changingRoomType }),
  }
  return registration.paymentStatus === 'pending'
    ? {
        ...common,
        payment_status: 'pending',
        payment_url: registration.paymentUrl,
        expires_at: new Date(registration.expiresAt).toISOString(),
      }
    : { ...common, payment_status: registration.paymentStatus }
}

export const registrationCodec = z.codec(registrationWireSchema, registrationSchema, {
  decode: registrationFromWire,
  encode: registrationToWire,
})

/** Sends only what the tier uses: a size or room left over in the form from another tier is dropped. */
export const registrationRequestCodec = z.codec(registrationRequestWireSchema, registrationRequestSchema, {
  decode: (wire): RegistrationRequest => ({
    registrationTier: wire.registration_tier,
    badgeName: wire.badge_name,
    ...(wire.t_shirt_size === undefined ? {} : { tShirtSize: wire.t_shirt_size }),
    ...(wire.changing_room_type === undefined ? {} : { changingRoomType: wire.changing_room_type }),
    successUrl: wire.success_url,
    cancelUrl: wire.cancel_url,
  }),
  encode: (request) => ({
    registration_tier: request.registrationTier,
    badge_name: request.badgeName,
    ...(isSponsorTier(request.registrationTier) ? { t_shirt_size: request.tShirtSize } : {}),
    ...(isFursuitTier(request.registrationTier) ? { changing_room_type: request.changingRoomType } : {}),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  }),
})

export const registrationCheckoutSchema = z.object({ paymentUrl: z.string() })
export type RegistrationCheckout = z.output<typeof registrationCheckoutSchema>

export const registrationCheckoutCodec = z.codec(registrationCheckoutWireSchema, registrationCheckoutSchema, {
  decode: (wire) => ({ paymentUrl: wire.payment_url }),
  encode: (checkout) => ({ payment_url: checkout.paymentUrl }),
})

/** The registration code is the token itself. */
export const registrationCodeCodec = z.codec(registrationCodeWireSchema, z.string(), {
  decode: (wire) => wire.token,
  encode: (token) => ({ token }),
})

export const participantSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string() }),
  registration: registrationSchema.optional(),
  registrationAdditionalInfo: registrationAdditionalInfoSchema.optional(),
  profile: profileSchema.optional(),
})
export type Participant = z.output<typeof participantSchema>

export function participantFromWire(wire: ParticipantWire): Participant {
  return {
    user: { userId: wire.user.user_id, email: wire.user.email },
    ...(wire.registration ? { registration: registrationFromWire(wire.registration) } : {}),
    ...(wire.registration_additional_info
      ? { registrationAdditionalInfo: registrationAdditionalInfoFromWire(wire.registration_additional_info) }
      : {}),
    ...(wire.profile ? { profile: profileFromWire(wire.profile) } : {}),
  }
}

export function participantToWire(participant: Participant): ParticipantWire {
  return {
    user: { user_id: participant.user.userId, email: participant.user.email },
    ...(participant.registration ? { registration: registrationToWire(participant.registration) } : {}),
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

export const participantListCodec = z.codec(participantListWireSchema, z.array(participantSchema), {
  decode: (wire) => wire.items.map(participantFromWire),
  encode: (participants) => ({ items: participants.map(participantToWire) }),
})
