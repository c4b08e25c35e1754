import { z } from 'zod'
import { defaultLanguage, supportedLanguages } from '../domain/language.ts'
import { complimentaryKinds } from '../domain/registration.ts'
import { validationMessage } from '../errors/catalogue.ts'
import { attentionNoteSchema, emailSchema, storedTextSchema, userIdSchema } from '../validation/fields.ts'
import {
  badgePrintFromWire,
  badgePrintSchema,
  badgePrintToWire,
  badgePrintWireSchema,
} from './badge-prints.ts'
import { listCodec } from './codecs.ts'
import { editionQueryWireSchema } from './editions.ts'
import { goodsHandedFromWire, goodsHandedSchema, goodsHandedToWire, goodsHandedWireSchema } from './goods.ts'
import {
  doorGuardianSchema,
  doorGuardianWireSchema,
  doorWardSchema,
  doorWardWireSchema,
} from './guardians.ts'
import { profileToWire, profileWireSchema, storedProfileSchema } from './profile.ts'
import { profileFromWire } from './profile-wire.ts'
import {
  adminRegistrationFromWire,
  adminRegistrationSchema,
  adminRegistrationToWire,
  adminRegistrationWireSchema,
  checkTierFields,
  registrationAdditionalInfoFromWire,
  registrationAdditionalInfoToWire,
  registrationAdditionalInfoWireSchema,
  registrationDetailsSchema,
  registrationDetailsToWire,
  registrationFieldsWire,
  storedRegistrationAdditionalInfoSchema,
} from './registration.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/* The staff's list of every participant. */

/**
 * What the door should know about a participant (docs/decisions/175-door-attention.md): a staff note, and
 * whether it turns the verdict amber. Reads take any stored note; writes follow `attentionNoteSchema`.
 */
export const attentionWireSchema = component(
  z.object({
    flagged: z.boolean().describe('The verdict turns amber and shows the note, also for a valid code'),
    note: storedTextSchema.describe('For door staff; may be empty when not flagged'),
  }),
  { id: 'DoorAttention', description: "Staff's note on a registration for the door, and its attention flag" },
)
export type Attention = z.infer<typeof attentionWireSchema>

export const attentionRequestWireSchema = component(
  z
    .object({ flagged: z.boolean({ error: validationMessage('invalidInput') }), note: attentionNoteSchema })
    .superRefine((value, ctx) => {
      // Amber without a reason would only stop the queue: a flag says what the door should do.
      if (value.flagged && value.note === '') {
        ctx.addIssue({ code: 'custom', path: ['note'], message: validationMessage('attentionNoteRequired') })
      }
    }),
  { id: 'DoorAttentionRequest', description: 'A new note and flag; an empty note with no flag clears both' },
)
export type AttentionRequest = z.infer<typeof attentionRequestWireSchema>

const attentionSchema = z.object({ flagged: z.boolean(), note: z.string() })

/** The note and flag read the same on both sides: the codecs only validate. */
export const attentionCodec = z.codec(attentionWireSchema, attentionSchema, {
  decode: (wire) => wire,
  encode: (attention) => attention,
})
export const attentionRequestCodec = z.codec(attentionRequestWireSchema, attentionSchema, {
  decode: (wire) => wire,
  encode: (attention) => attention,
})

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
    attention: attentionWireSchema.optional().describe('Absent when staff left no note and no flag'),
    badge_print: badgePrintWireSchema
      .optional()
      .describe("The registration's badge as printed (decision 170); absent while it is not printed"),
    addons: z
      .array(z.object({ code: z.string(), name_ja: z.string(), name_en: z.string() }))
      .optional()
      .describe('The add-ons the registration has paid for (decision 178); absent when none'),
    goods_handed: z
      .array(goodsHandedWireSchema)
      .optional()
      .describe('The lines of goods ticked as handed over (decision 180); absent while none is'),
    guardian: doorGuardianWireSchema
      .optional()
      .describe('A minor (decision 184): the guardian they named; absent for anyone else'),
    minors: z
      .array(doorWardWireSchema)
      .optional()
      .describe(
        'The minors whose guardian this participant confirmed to be (decision 184); absent when none',
      ),
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
  attention: attentionSchema.optional(),
  badgePrint: badgePrintSchema.optional(),
  /** The add-ons the registration paid for (decision 178): the door hands over their tickets. */
  addons: z
    .array(z.object({ code: z.string(), name: z.object({ ja: z.string(), en: z.string() }) }))
    .optional(),
  goodsHanded: z.array(goodsHandedSchema).optional(),
  /** A minor's guardian, and a guardian's minors (decision 184): the door asks for the guardian. */
  guardian: doorGuardianSchema.optional(),
  minors: z.array(doorWardSchema).optional(),
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
    ...(wire.attention ? { attention: wire.attention } : {}),
    ...(wire.badge_print ? { badgePrint: badgePrintFromWire(wire.badge_print) } : {}),
    ...(wire.addons
      ? {
          addons: wire.addons.map(({ code, name_ja, name_en }) => ({
            code,
            name: { ja: name_ja, en: name_en },
          })),
        }
      : {}),
    ...(wire.goods_handed ? { goodsHanded: wire.goods_handed.map(goodsHandedFromWire) } : {}),
    ...(wire.guardian ? { guardian: toClientNames(wire.guardian) } : {}),
    ...(wire.minors ? { minors: wire.minors.map(toClientNames) } : {}),
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
    ...(participant.attention ? { attention: participant.attention } : {}),
    ...(participant.badgePrint ? { badge_print: badgePrintToWire(participant.badgePrint) } : {}),
    ...(participant.addons
      ? { addons: participant.addons.map(({ code, name }) => ({ code, name_ja: name.ja, name_en: name.en })) }
      : {}),
    ...(participant.goodsHanded ? { goods_handed: participant.goodsHanded.map(goodsHandedToWire) } : {}),
    ...(participant.guardian ? { guardian: toWireNames(participant.guardian) } : {}),
    ...(participant.minors ? { minors: participant.minors.map(toWireNames) } : {}),
  }
}

export const participantListCodec = listCodec(
  participantListWireSchema,
  participantSchema,
  participantFromWire,
  participantToWire,
)

/**
 * A registration the desk gives without payment (docs/decisions/185-desk-tools.md): the registration form's
 * fields for the member account with this address, and who the spot is for.
 */
export const complimentaryRegistrationRequestWireSchema = component(
  z
    .object({
      email: emailSchema.describe("The member account's e-mail address"),
      kind: z.enum(complimentaryKinds, { error: validationMessage('invalidInput') }),
      ...registrationFieldsWire,
      language: z
        .enum(supportedLanguages)
        .default(defaultLanguage)
        .describe('The language of the mail the person gets'),
    })
    .superRefine(checkTierFields),
  { id: 'ComplimentaryRegistrationRequest', description: 'Registers a member without payment' },
)
export type ComplimentaryRegistrationRequestWire = z.infer<typeof complimentaryRegistrationRequestWireSchema>

/** A complimentary registration as the desk's form gives it. */
export const complimentaryRegistrationRequestSchema = registrationDetailsSchema.extend({
  email: z.string(),
  kind: z.enum(complimentaryKinds),
  language: z.enum(supportedLanguages).optional(),
})
export type ComplimentaryRegistrationRequest = z.output<typeof complimentaryRegistrationRequestSchema>

export const complimentaryRegistrationRequestCodec = z.codec(
  complimentaryRegistrationRequestWireSchema,
  complimentaryRegistrationRequestSchema,
  {
    decode: (wire) => toClientNames(wire),
    encode: ({ email, kind, language, ...details }) => ({
      email,
      kind,
      language: language ?? defaultLanguage,
      ...registrationDetailsToWire(details),
    }),
  },
)

/**
 * A Stripe payment as staff paste it (docs/decisions/191-desk-payments-and-receipts.md): a Checkout session id
 * (`cs_…`) or a payment intent id (`pi_…`).
 */
export const stripePaymentIdSchema = z
  .string()
  .trim()
  .regex(/^(cs|pi)_[A-Za-z0-9_]{1,250}$/, { error: validationMessage('invalidInput') })

/** Whether staff typed a Stripe payment id rather than a name: the participant search asks the API then. */
export function isStripePaymentId(text: string): boolean {
  return stripePaymentIdSchema.safeParse(text).success
}

export const paymentRegistrationWireSchema = component(
  z.object({ registration_id: registrationIdSchema.describe('The registration the payment paid for') }),
  {
    id: 'PaymentRegistration',
    description: 'The registration a Stripe payment paid: its own, an add-on or a tier change of it',
  },
)
export const paymentRegistrationCodec = z.codec(
  paymentRegistrationWireSchema,
  z.object({ registrationId: z.string() }),
  { decode: (wire) => toClientNames(wire), encode: (client) => toWireNames(client) },
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
  putAdminRegistrationAttention: admin.put('/admin/registrations/{registration_id}/attention', {
    staff: 'editNotes',
    summary: "Set staff's note for the door and the attention flag on a registration",
    description:
      'Replaces both and records the change with before and after in the audit trail; the door reads them ' +
      'with the participant list. 404 notFound for an unknown registration.',
    request: {
      params: z.object({ registration_id: registrationIdSchema }),
      body: attentionRequestWireSchema,
    },
    responses: { 200: { description: 'The note and flag as stored', schema: attentionWireSchema } },
  }),
  postAdminComplimentaryRegistration: admin.post('/admin/registrations/complimentary', {
    staff: 'registerComplimentary',
    summary: 'Register a guest, dealer or staff member without payment',
    description:
      'Takes a spot of the tier in the current edition (never past its capacity), records the registration as ' +
      'paid with 0 JPY and its kind, audits it and owes the person the receipt mail with their code. Errors: 404 ' +
      'complimentaryNoAccount; 409 soldOut, purchaseSessionAlreadyExists and the edition checks of registering.',
    request: { body: complimentaryRegistrationRequestWireSchema },
    responses: { 201: { description: 'The registration', schema: adminRegistrationWireSchema } },
  }),
  postAdminRegistrationReceipt: admin.post('/admin/registrations/{registration_id}/receipt', {
    staff: 'resendReceipt',
    summary: "Send a paid registration's receipt mail again",
    description:
      "Queues the receipt once more in the registration's language, with its code link and calendar file, and " +
      'audits who asked. A receipt still waiting to leave is replaced, not doubled. Errors: 404 notFound; 409 ' +
      'receiptNotPaid for a registration not paid or canceled.',
    request: { params: z.object({ registration_id: registrationIdSchema }) },
    responses: { 204: { description: 'The receipt is queued' } },
  }),
  getAdminPaymentRegistration: admin.get('/admin/payments/{payment_id}', {
    staff: 'search',
    summary: 'Find the registration a Stripe payment paid, in the current edition or the one named',
    description:
      'Takes a Checkout session id (cs_…) or a payment intent id (pi_…, looked up at Stripe); a session of an ' +
      'add-on or a tier change answers its registration. 404 paymentNotFound when none of the edition matches.',
    request: {
      params: z.object({ payment_id: stripePaymentIdSchema }),
      query: editionQueryWireSchema,
    },
    responses: { 200: { description: 'The registration', schema: paymentRegistrationWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
