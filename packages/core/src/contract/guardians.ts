import { z } from 'zod'
import { emailSchema, userIdSchema } from '../validation/fields.ts'
import { listCodec } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * A minor's guardian (docs/decisions/184-guardians.md): a participant who will be 13 or under on the event day
 * names a registered participant as guardian by e-mail; the guardian confirms or declines on their My Page;
 * the minor pays only once a guardian has confirmed, and the door sees both.
 */

export const guardianStatuses = ['requested', 'confirmed', 'declined'] as const
export type GuardianStatus = (typeof guardianStatuses)[number]

export const guardianWireSchema = component(
  z.object({
    guardian_email: z.string().meta({ format: 'email' }).describe("The guardian's e-mail address"),
    status: z.enum(guardianStatuses).describe('Whether the guardian has answered, and how'),
    guardian_registered: z
      .boolean()
      .describe("false once the guardian's registration is no longer paid: name another guardian"),
  }),
  { id: 'Guardian', description: 'The guardian a minor named, and where the request stands' },
)

export const guardianSchema = z.object({
  guardianEmail: z.string(),
  status: z.enum(guardianStatuses),
  guardianRegistered: z.boolean(),
})
export type Guardian = z.output<typeof guardianSchema>

export const guardianCodec = z.codec(guardianWireSchema, guardianSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (guardian) => toWireNames(guardian),
})

export const guardianRequestWireSchema = component(z.object({ guardian_email: emailSchema }), {
  id: 'GuardianRequest',
  description:
    'Names the guardian by the e-mail address of their account; replaces any guardian named before',
})
export const guardianRequestSchema = z.object({ guardianEmail: z.string() })
export type GuardianRequest = z.output<typeof guardianRequestSchema>
export const guardianRequestCodec = z.codec(guardianRequestWireSchema, guardianRequestSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (request) => toWireNames(request),
})

export const wardWireSchema = component(
  z.object({
    minor_user_id: userIdSchema,
    minor_email: z.string().meta({ format: 'email' }).describe("The minor's e-mail address"),
    status: z.enum(guardianStatuses),
  }),
  { id: 'GuardianshipRequest', description: 'A minor who named the member as guardian' },
)
export const wardListWireSchema = listComponent(wardWireSchema, {
  id: 'GuardianshipRequestList',
  description: 'The minors who named the member as guardian in the current edition; empty when none',
})
export const wardSchema = z.object({
  minorUserId: z.string(),
  minorEmail: z.string(),
  status: z.enum(guardianStatuses),
})
export type Ward = z.output<typeof wardSchema>
export const wardCodec = z.codec(wardWireSchema, wardSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (ward) => toWireNames(ward),
})
export const wardListCodec = listCodec(wardListWireSchema, wardSchema, toClientNames, toWireNames)

export const guardianDecisionWireSchema = component(
  z.object({ confirm: z.boolean().describe('true confirms, false declines') }),
  { id: 'GuardianshipDecision', description: "The guardian's answer to a minor's request" },
)
export const guardianDecisionCodec = z.codec(guardianDecisionWireSchema, z.object({ confirm: z.boolean() }), {
  decode: (wire) => wire,
  encode: (decision) => decision,
})

/** What the door sees of a minor's guardian, and of a guardian's minors, in the participant list. */
export const doorGuardianWireSchema = z.object({
  registration_id: registrationIdSchema,
  badge_name: z.string(),
  confirmed: z.boolean().describe("Confirmed by the guardian and the guardian's registration still paid"),
})
export const doorWardWireSchema = z.object({ registration_id: registrationIdSchema, badge_name: z.string() })
export const doorGuardianSchema = z.object({
  registrationId: z.string(),
  badgeName: z.string(),
  confirmed: z.boolean(),
})
export const doorWardSchema = z.object({ registrationId: z.string(), badgeName: z.string() })

const memberRegistration = routeGroup('member', 'registration')
const minorUserParams = z.object({ minor_user_id: userIdSchema })

/** The guardian routes. */
export const guardianRoutes = {
  getRegistrationGuardian: memberRegistration.get('/registration/guardian', {
    summary: 'The guardian the member named in the current edition',
    description: '404 notFound when the member named none (they did not say they are a minor).',
    responses: { 200: { description: 'The guardian', schema: guardianWireSchema } },
  }),
  putRegistrationGuardian: memberRegistration.put('/registration/guardian', {
    summary: 'Name a guardian: the member will be 13 or under on the event day',
    description:
      'The guardian must hold a paid registration of the current edition and not be a minor themselves. A ' +
      'new guardian replaces the one named before and has to confirm again. Errors: 409 guardianNotFound, ' +
      'guardianNotEligible, guardianSelf.',
    request: { body: guardianRequestWireSchema },
    responses: { 200: { description: 'The guardian, waiting for their answer', schema: guardianWireSchema } },
  }),
  getRegistrationGuardianRequests: memberRegistration.get('/registration/guardian-requests', {
    summary: 'The minors who named the member as their guardian',
    responses: { 200: { description: 'The requests', schema: wardListWireSchema } },
  }),
  postRegistrationGuardianRequest: memberRegistration.post(
    '/registration/guardian-requests/{minor_user_id}',
    {
      summary: "Confirm or decline a minor's request",
      description:
        'Errors: 404 notFound (no such request to the member); 409 guardianNotEligible (the member is no longer ' +
        'a paid participant).',
      request: { params: minorUserParams, body: guardianDecisionWireSchema },
      responses: { 200: { description: 'The request as answered', schema: wardWireSchema } },
    },
  ),
} as const satisfies Record<string, RouteDefinition>
