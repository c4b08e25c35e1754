import { z } from 'zod'
import { supportedLanguages } from '../domain/language.ts'
import type { ChangingRoomType, TShirtSize } from '../domain/registration.ts'
import { isFursuitTier, isSponsorTier, type RegistrationTier } from '../domain/registration-tier.ts'
import { type ErrorMessageKey, productMessage, validationMessage } from '../errors/catalogue.ts'
import {
  accessNeedsSchema,
  badgeNameSchema,
  changingRoomTypeSchema,
  currentPasswordSchema,
  emailSchema,
  handleNameSchema,
  newPasswordSchema,
  profilePrivacySchema,
  profileUrlsSchema,
  redirectUrlSchema,
  registrationTierSchema,
  rulesAgreementSchema,
  tShirtSizeSchema,
  verificationCodeSchema,
  xUsernameSchema,
} from './fields.ts'

/*
 * The client-side (camelCase) shapes of what users enter. Forms validate with these on every input; the
 * contract's codecs validate with the same schemas before turning them into the snake_case wire shape.
 */

export type TierDependentField = 'tShirtSize' | 'changingRoomType'

/**
 * The rules that depend on the tier: sponsor tiers must choose a T-shirt size, fursuit tiers a changing room.
 * With `rejectInapplicable`, a size or room given for a tier that has none is an error too (the API's view;
 * forms leave stale hidden values alone and the codec drops them).
 */
export function tierDependentIssues(
  value: {
    registrationTier: RegistrationTier
    tShirtSize?: TShirtSize | undefined
    changingRoomType?: ChangingRoomType | undefined
  },
  options: { rejectInapplicable: boolean },
): { field: TierDependentField; message: ErrorMessageKey }[] {
  const issues: { field: TierDependentField; message: ErrorMessageKey }[] = []
  const sponsor = isSponsorTier(value.registrationTier)
  const fursuit = isFursuitTier(value.registrationTier)
  if (sponsor && value.tShirtSize === undefined)
    issues.push({ field: 'tShirtSize', message: validationMessage('tShirtSizeEmpty') })
  if (fursuit && value.changingRoomType === undefined)
    issues.push({ field: 'changingRoomType', message: validationMessage('changingRoomEmpty') })
  if (options.rejectInapplicable && !sponsor && value.tShirtSize !== undefined)
    issues.push({ field: 'tShirtSize', message: validationMessage('tShirtSizeNotApplicable') })
  if (options.rejectInapplicable && !fursuit && value.changingRoomType !== undefined)
    issues.push({ field: 'changingRoomType', message: validationMessage('changingRoomNotApplicable') })
  return issues
}

const registrationFormShape = {
  registrationTier: registrationTierSchema,
  badgeName: badgeNameSchema,
  tShirtSize: tShirtSizeSchema.optional(),
  changingRoomType: changingRoomTypeSchema.optional(),
  agreedToRules: rulesAgreementSchema,
  /** Empty or left out: none (docs/decisions/185-desk-tools.md). */
  accessNeeds: accessNeedsSchema.optional(),
}

function checkTier(
  value: {
    registrationTier: RegistrationTier
    tShirtSize?: TShirtSize | undefined
    changingRoomType?: ChangingRoomType | undefined
  },
  ctx: z.RefinementCtx,
): void {
  for (const issue of tierDependentIssues(value, { rejectInapplicable: false })) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message })
  }
}

/** The registration form: tier, badge name, and the T-shirt size or changing room the tier needs. */
export const registrationFormSchema = z.object(registrationFormShape).superRefine(checkTier)
export type RegistrationForm = z.output<typeof registrationFormSchema>

/** What the client sends to start a registration: the form plus where Checkout returns to. */
export const registrationRequestSchema = z
  .object({
    ...registrationFormShape,
    successUrl: redirectUrlSchema,
    cancelUrl: redirectUrlSchema,
    /** The page's language: the API writes this registration's mails in it (Japanese when not given). */
    language: z.enum(supportedLanguages).optional(),
    /** 13 or under on the event day: payment waits for a confirmed guardian (decision 184). */
    minor: z.boolean().optional(),
  })
  .superRefine(checkTier)
export type RegistrationRequest = z.output<typeof registrationRequestSchema>

/** Joining a sold-out tier's waiting list: the registration form and the page's language (decision 115). */
export const waitingListJoinRequestSchema = z
  .object({ ...registrationFormShape, language: z.enum(supportedLanguages).optional() })
  .superRefine(checkTier)
export type WaitingListJoinRequest = z.output<typeof waitingListJoinRequestSchema>

/** The profile form, and the client's profile: privacy, handleName, linkUrls. */
export const profileSchema = z.object({
  privacy: profilePrivacySchema,
  handleName: handleNameSchema,
  linkUrls: profileUrlsSchema,
})
export type Profile = z.output<typeof profileSchema>

/** Registration additional info: the club activity X username, optional; an empty text field means none. */
export const registrationAdditionalInfoSchema = z.object({
  clubActivityXUsername: z
    .string({ error: () => validationMessage('invalidInput') })
    .refine((value) => value === '' || xUsernameSchema.safeParse(value).success, {
      message: validationMessage('xUsernameInvalid'),
    })
    .optional(),
})
export type RegistrationAdditionalInfo = z.output<typeof registrationAdditionalInfoSchema>

export const signInFormSchema = z.object({ email: emailSchema, password: currentPasswordSchema })
export type SignInForm = z.output<typeof signInFormSchema>

export const signUpFormSchema = z.object({ email: emailSchema, password: newPasswordSchema })
export type SignUpForm = z.output<typeof signUpFormSchema>

export const verificationCodeFormSchema = z.object({ email: emailSchema, code: verificationCodeSchema })
export type VerificationCodeForm = z.output<typeof verificationCodeFormSchema>

export const sendPasswordResetCodeFormSchema = z.object({ email: emailSchema })
export type SendPasswordResetCodeForm = z.output<typeof sendPasswordResetCodeFormSchema>

export const passwordResetFormSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  newPassword: newPasswordSchema,
})
export type PasswordResetForm = z.output<typeof passwordResetFormSchema>

/** Changing the password: the new one must differ from the current one. */
export const passwordChangeFormSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: productMessage('newPasswordSameAsCurrent'),
    path: ['newPassword'],
  })
export type PasswordChangeForm = z.output<typeof passwordChangeFormSchema>

export const emailChangeFormSchema = z.object({ email: emailSchema })
export type EmailChangeForm = z.output<typeof emailChangeFormSchema>
