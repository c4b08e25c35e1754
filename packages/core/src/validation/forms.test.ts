import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tShirtSizes } from '../domain/registration.ts'
import { isFursuitTier, isSponsorTier, registrationTiers } from '../domain/registration-tier.ts'
import {
  emailChangeFormSchema,
  passwordChangeFormSchema,
  passwordResetFormSchema,
  profileSchema,
  registrationAdditionalInfoSchema,
  registrationFormSchema,
  registrationRequestSchema,
  sendPasswordResetCodeFormSchema,
  signInFormSchema,
  signUpFormSchema,
  tierDependentIssues,
  verificationCodeFormSchema,
} from './forms.ts'
import { fieldMessages } from './issues.ts'

function errorsOf(schema: { safeParse(value: unknown): { error?: import('zod').ZodError } }, value: unknown) {
  const { error } = schema.safeParse(value)
  return error
    ? Object.fromEntries(Object.entries(fieldMessages(error)).map(([path, m]) => [path, m.key]))
    : {}
}

describe('registration form', () => {
  it('requires agreeing to the participation rules, with its own message', () => {
    expect(errorsOf(registrationFormSchema, { registrationTier: 'member', badgeName: 'Fox' })).toEqual({
      agreedToRules: 'validation.rulesAgreementRequired',
    })
    expect(
      errorsOf(registrationFormSchema, {
        registrationTier: 'member',
        badgeName: 'Fox',
        agreedToRules: false,
      }),
    ).toEqual({ agreedToRules: 'validation.rulesAgreementRequired' })
    expect(
      errorsOf(registrationFormSchema, { registrationTier: 'member', badgeName: 'Fox', agreedToRules: true }),
    ).toEqual({})
  })

  it('requires a T-shirt size for sponsor tiers (Size of T-shirt must not be empty)', () => {
    expect(
      errorsOf(registrationFormSchema, {
        registrationTier: 'sponsor',
        badgeName: 'Fox',
        agreedToRules: true,
      }),
    ).toEqual({
      tShirtSize: 'validation.tShirtSizeEmpty',
    })
  })

  it('requires a changing room for fursuit tiers (Fursuit changing room must not be empty)', () => {
    expect(
      errorsOf(registrationFormSchema, {
        registrationTier: 'fursuiter',
        badgeName: 'Fox',
        agreedToRules: true,
      }),
    ).toEqual({
      changingRoomType: 'validation.changingRoomEmpty',
    })
    expect(
      errorsOf(registrationFormSchema, {
        registrationTier: 'sponsor_fursuiter',
        badgeName: 'Fox',
        agreedToRules: true,
      }),
    ).toEqual({
      tShirtSize: 'validation.tShirtSizeEmpty',
      changingRoomType: 'validation.changingRoomEmpty',
    })
  })

  it('shows every message at once, and ignores a choice left over from another tier', () => {
    expect(
      errorsOf(registrationFormSchema, { registrationTier: 'sponsor', badgeName: '', agreedToRules: true }),
    ).toEqual({
      badgeName: 'validation.badgeNameEmpty',
      tShirtSize: 'validation.tShirtSizeEmpty',
    })
    expect(
      errorsOf(registrationFormSchema, {
        registrationTier: 'member',
        badgeName: 'Fox',
        agreedToRules: true,
        tShirtSize: 'M',
        changingRoomType: 'male',
      }),
    ).toEqual({})
  })

  it('requires exactly what each tier needs, for every tier and choice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...registrationTiers),
        fc.option(fc.constantFrom(...tShirtSizes), { nil: undefined }),
        fc.option(fc.constantFrom('male' as const, 'female' as const), { nil: undefined }),
        (registrationTier, tShirtSize, changingRoomType) => {
          const valid =
            (!isSponsorTier(registrationTier) || tShirtSize !== undefined) &&
            (!isFursuitTier(registrationTier) || changingRoomType !== undefined)
          const form = {
            registrationTier,
            badgeName: 'Fox',
            agreedToRules: true,
            tShirtSize,
            changingRoomType,
          }
          expect(registrationFormSchema.safeParse(form).success).toBe(valid)
          expect(tierDependentIssues(form, { rejectInapplicable: false }).length === 0).toBe(valid)
        },
      ),
    )
  })

  it('adds where Checkout returns to for the request', () => {
    const form = { registrationTier: 'member', badgeName: 'Fox' }
    expect(
      errorsOf(registrationRequestSchema, {
        ...form,
        agreedToRules: true,
        successUrl: 'https://furfes.example/ok',
        cancelUrl: 'nope',
      }),
    ).toEqual({
      cancelUrl: 'validation.invalidInput',
    })
  })

  it('can also reject a choice the tier does not have (the API view)', () => {
    expect(
      tierDependentIssues(
        { registrationTier: 'member', tShirtSize: 'M', changingRoomType: 'female' },
        { rejectInapplicable: true },
      ),
    ).toEqual([
      { field: 'tShirtSize', message: 'validation.tShirtSizeNotApplicable' },
      { field: 'changingRoomType', message: 'validation.changingRoomNotApplicable' },
    ])
  })
})

describe('profile form', () => {
  it('uses the client names privacy, handleName and linkUrls', () => {
    const profile = { privacy: 'public', handleName: 'Fox', linkUrls: ['https://x.com/fox'] }
    expect(profileSchema.parse(profile)).toEqual(profile)
    expect(errorsOf(profileSchema, { privacy: 'friends', handleName: '', linkUrls: ['x'] })).toEqual({
      privacy: 'validation.invalidInput',
      handleName: 'validation.handleNameEmpty',
      'linkUrls.0': 'validation.urlInvalid',
    })
  })
})

describe('registration additional info form', () => {
  it('takes an optional X username; an empty field means none', () => {
    expect(errorsOf(registrationAdditionalInfoSchema, {})).toEqual({})
    expect(errorsOf(registrationAdditionalInfoSchema, { clubActivityXUsername: '' })).toEqual({})
    expect(errorsOf(registrationAdditionalInfoSchema, { clubActivityXUsername: 'fox_1' })).toEqual({})
    expect(errorsOf(registrationAdditionalInfoSchema, { clubActivityXUsername: '@fox' })).toEqual({
      clubActivityXUsername: 'validation.xUsernameInvalid',
    })
  })
})

describe('account forms', () => {
  it('sign-in needs an e-mail and a password', () => {
    expect(errorsOf(signInFormSchema, { email: '', password: '' })).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    })
    expect(errorsOf(signInFormSchema, { email: 'fox@example.com', password: 'x' })).toEqual({})
  })

  it('sign-up needs a valid e-mail and a password of 8 characters', () => {
    expect(errorsOf(signUpFormSchema, { email: 'fox', password: 'short' })).toEqual({
      email: 'product.emailInvalid',
      password: 'product.passwordTooShort',
    })
  })

  it('a new password must differ from the current one (New password same as current)', () => {
    expect(
      errorsOf(passwordChangeFormSchema, { currentPassword: 'same-password', newPassword: 'same-password' }),
    ).toEqual({
      newPassword: 'product.newPasswordSameAsCurrent',
    })
    expect(
      errorsOf(passwordChangeFormSchema, { currentPassword: 'old-password', newPassword: 'new-password' }),
    ).toEqual({})
  })

  it('verification, reset and e-mail change forms validate their fields', () => {
    expect(errorsOf(verificationCodeFormSchema, { email: 'fox@example.com', code: '12' })).toEqual({
      code: 'product.verificationCodeInvalid',
    })
    expect(errorsOf(sendPasswordResetCodeFormSchema, { email: 'x' })).toEqual({
      email: 'product.emailInvalid',
    })
    expect(
      errorsOf(passwordResetFormSchema, { email: 'fox@example.com', code: '123456', newPassword: '1234567' }),
    ).toEqual({ newPassword: 'product.passwordTooShort' })
    expect(errorsOf(emailChangeFormSchema, { email: 'new@example.com' })).toEqual({})
  })
})
