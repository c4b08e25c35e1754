import { z } from 'zod'
import { userIdSchema } from '../validation/fields.ts'
import {
  badgePrintFromWire,
  badgePrintSchema,
  badgePrintToWire,
  badgePrintWireSchema,
} from './badge-prints.ts'
import { listCodec } from './codecs.ts'
import { editionQueryWireSchema } from './editions.ts'
import { profileFromWire, profileToWire, profileWireSchema, storedProfileSchema } from './profile.ts'
import {
  adminRegistrationFromWire,
  adminRegistrationSchema,
  adminRegistrationToWire,
  adminRegistrationWireSchema,
  registrationAdditionalInfoFromWire,
  registrationAdditionalInfoToWire,
  registrationAdditionalInfoWireSchema,
  storedRegistrationAdditionalInfoSchema,
} from './registration.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/* The staff's list of every participant. */

export const participantWireSchema = component(
  z.object({
    user: z.object({
      user_id: userIdSchema,
      // Cognito validated the address when the user signed up; a stricter check here would hide participants.
      // Left out for staff whose role does not look after one participant (the door, decision 156).
      email: z.string().meta({ format: 'email' }).optional(),
    }),
    registration: adminRegistrationWireSchema.optional(),
    registration_additional_info: registrationAdditionalInfoWireSchema.optional(),
    profile: profileWireSchema.optional(),
    badge_print: badgePrintWireSchema
      .optional()
      .describe("The registration's badge as printed (decision 170); absent while it is not printed"),
  }),
  { id: 'Participant', description: 'A user as admins see them' },
)
export type ParticipantWire = z.infer<typeof participantWireSchema>

export const participantListWireSchema = listComponent(participantWireSchema, {
  id: 'ParticipantList',
  description: 'Every participant',
})
export type ParticipantListWire = z.infer<typeof participantListWireSchema>

export const participantSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string().optional() }),
  registration: adminRegistrationSchema.optional(),
  registrationAdditionalInfo: storedRegistrationAdditionalInfoSchema.optional(),
  profile: storedProfileSchema.optional(),
  badgePrint: badgePrintSchema.optional(),
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
    ...(wire.badge_print ? { badgePrint: badgePrintFromWire(wire.badge_print) } : {}),
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
    ...(participant.badgePrint ? { badge_print: badgePrintToWire(participant.badgePrint) } : {}),
  }
}

export const participantListCodec = listCodec(
  participantListWireSchema,
  participantSchema,
  participantFromWire,
  participantToWire,
)

const admin = routeGroup('admin', 'admin')

/** The participant list route. */
export const participantRoutes = {
  getAdminParticipants: admin.get('/admin/participants', {
    staff: 'search',
    summary: 'List every participant, with their registration in the current edition or the one named',
    request: { query: editionQueryWireSchema },
    responses: { 200: { description: 'The participants', schema: participantListWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
