import { describe, expect, it } from 'vitest'
import errorsEn from '../locales/en/errors.json' with { type: 'json' }
import errorsJa from '../locales/ja/errors.json' with { type: 'json' }
import {
  cognitoErrorNames,
  generalErrorKeys,
  isCognitoErrorName,
  isErrorMessageKey,
  isProductErrorKey,
  productErrorKeys,
  productErrors,
  unauthorizedMessage,
  validationMessageKeys,
} from './catalogue.ts'

/**
 * The English texts of the groups the spec words, each in the order of its keys: a table pins the group's keys,
 * their order and their texts at once (the Cognito texts are checked by name below).
 */
const englishTexts = {
  product: {
    emailAlreadyRegistered: 'This email address is already registered.',
    verificationCodeExpired: 'The verification code has expired. Please send a new code.',
    verificationCodeInvalid: 'The verification code is invalid.',
    emailVerificationRequired: 'Please verify your email address.',
    emailOrPasswordInvalid: 'The email address or password is incorrect.',
    passwordInvalid: 'The password is invalid.',
    passwordTooShort: 'The password must be at least 8 characters.',
    newPasswordSameAsCurrent: 'The new password is the same as the current password.',
    emailInUseByAnotherAccount: 'This email address is in use by another account.',
    emailInvalid: 'The email address is invalid.',
    popUpWindowBlocked: 'A pop-up window was blocked. Please check your browser settings.',
    purchaseSessionAlreadyExists: 'A purchase session already exists.',
    purchaseSessionTimedOut: 'The purchase session has timed out. Please register again.',
    soldOut: 'Sold out.',
    highTraffic: 'Your request was not processed due to high traffic. Please try again.',
    networkError: 'A network error occurred. Please wait a while and try again.',
    underMaintenance:
      'We are currently under maintenance. We apologise for the inconvenience; please wait a while.',
    myPageSessionExpired: 'Your My Page session has expired. Please sign in again.',
    registrationCodeGenerationFailed: 'Failed to generate the registration code.',
    registrationCodeInvalid: 'Invalid registration code.',
    registrationCodeNotFound:
      'No valid registration code was found. Return to the dashboard and generate it again.',
    invalidRequest: 'Some of the input is not valid.',
    notFound: 'Not found.',
    forbidden: 'You are not allowed to do this.',
    registrationUnavailable: 'Registration is not open at the moment.',
    alreadyOnWaitingList: 'You are already on a waiting list. Leave it first to join another.',
    noWaitingListOffer: 'There is no open offer for you: it may have expired or been taken already.',
    registrationNotPaid: 'Only a paid registration can be canceled and refunded.',
    alreadyRefunded: 'This registration has already been canceled and refunded.',
    refundReasonRequired: 'Please give a reason for refunding an amount other than the policy amount.',
    refundAmountTooLarge: 'The refund cannot be more than the fee paid.',
    refundFailed: 'The refund failed at the payment provider. Nothing was changed; please try again.',
    refundKeyReused:
      'This confirmation was already used for a refund of another amount. Reload the registration to see what was refunded.',
    eventCancelled: 'The event is cancelled: registration cannot be opened again.',
    editionChanged:
      'Someone else saved this edition first. Load the latest version, then make your change again.',
    editionExists: 'This edition already exists.',
    editionInvalid: 'The edition has mistakes: see the message at each field.',
    registrationNotOpenYet: 'Registration for this edition is not open yet.',
    registrationClosed: 'Registration for this edition has closed.',
    editionOver: "This edition's event is over; it no longer takes registrations or payments.",
    editionNotCurrent:
      'This belongs to a past edition, which can only be viewed. Open the current edition to make changes.',
    tierNotOnSale: 'This registration tier is not on sale at the moment.',
    staffSelfChange:
      'You cannot remove your own committee role or disable your own account. Ask another committee member.',
    staffExists: 'A staff account with this email address already exists.',
    alreadyCheckedIn:
      'You have already been checked in at the venue, so the registration can no longer be canceled here. Please use the contact form.',
    refundAmountChanged:
      'The refund amount has changed since the page was opened. Check the new amount and confirm again.',
    cancelDuringEventCancellation:
      'The event is cancelled and every participant is being refunded by the committee; there is nothing to cancel here.',
    detailsChangeNotPaid: "Only a paid registration's details can be changed here.",
    detailsChangeClosed:
      'The badges are being printed, so the badge name, T-shirt size and changing room can no longer be changed here. Please use the contact form.',
    tierChangeNotOffered: 'The registration tier cannot be changed here. Please use the contact form.',
    timetableChanged:
      'Someone else saved this timetable first. Load the latest draft, then make your change again.',
    timetableInvalid: 'The timetable has mistakes: see the message at each session.',
    tierChangeToFursuitTier:
      'After payment, a tier with a changing room (fursuit tiers) can no longer be chosen. You can move to Member or Sponsor.',
    tierChangeSameTier: 'This is already your registration tier.',
    tierChangeClosed:
      'The badges are being printed, so the registration tier can no longer be changed here. Please use the contact form.',
    tierChangeAmountChanged:
      'The amount of this change has changed since the page was opened. Check the new amount and confirm again.',
    tierChangeCheckedIn:
      'You have already been checked in at the venue, so the registration tier can no longer be changed here. Please use the contact form.',
    tierChangePending: 'A payment for a tier change is still open. Finish or cancel it first.',
    addonSoldOut: 'This item is sold out.',
    addonNotOnSale: 'This item is not on sale now.',
    addonNeedsPaidRegistration: 'Add-ons can be bought once your registration is paid.',
    addonAlreadyBought: 'You have already bought this item.',
    addonNotBought: 'There is no paid purchase of this item to refund.',
    complimentaryNoAccount:
      'No account uses this email address. Ask the person to create one on the site first, then try again.',
    receiptNotPaid:
      'Only a paid registration has a receipt to send again. This one is not paid, or was canceled.',
    paymentNotFound:
      'No registration of this event was paid with this Stripe payment. Check the id (cs_… or pi_…) and try again.',
    pushServiceNotAllowed:
      'Notifications cannot be set up with this browser’s push service. Try another browser.',
    announcementChanged:
      'Someone else changed this announcement first. Load it again, then make your correction again.',
    announcementWithdrawn: 'This announcement has been withdrawn: it can no longer be changed or mailed.',
    announcementInvalid: 'The announcement has mistakes: see the message at each field.',
    guardianNotFound:
      "No participant of this year's event uses this email address. Your guardian registers and pays first, then you name them with the address of their account.",
    guardianNotEligible:
      "This person cannot be your guardian: a guardian must hold a paid registration for this year's event and be over 13.",
    guardianSelf: "You cannot be your own guardian. Enter the email address of your guardian's account.",
    guardianNotConfirmed:
      'Participants aged 13 or under can pay once their guardian has confirmed on their My Page. Ask your guardian to confirm, then try again.',
  },
  general: {
    unexpected: 'Unexpected error.',
    authenticationRequired: 'Please sign in again.',
    cognitoUnknown: 'An error occurred (code: {{code}}).',
    passwordAttemptsExceeded:
      'Too many wrong passwords in a row: signing in is paused for a while. Please try again in a few minutes.',
    accountDisabled: 'This account is disabled. Please contact the executive committee.',
  },
  validation: {
    required: 'Required',
    invalidInput: 'Invalid input',
    registrationTierEmpty: 'Registration tier must not be empty',
    badgeNameEmpty: 'Badge name must not be empty',
    badgeNameTooLong: 'Badge name must be at most {{max}} characters',
    handleNameEmpty: 'Handle name must not be empty',
    handleNameTooLong: 'Handle name must be at most {{max}} characters',
    urlInvalid: 'Invalid URL',
    urlsTooMany: 'At most {{max}} URLs can be added',
    xUsernameInvalid: 'Invalid X username',
    tShirtSizeEmpty: 'Size of T-shirt must not be empty',
    tShirtSizeNotApplicable: 'Size of T-shirt is only for sponsor tiers',
    changingRoomEmpty: 'Fursuit changing room must not be empty',
    changingRoomNotApplicable: 'Fursuit changing room is only for fursuit tiers',
    userIdInvalid: 'Invalid user ID',
    paymentUrlInvalid: 'Invalid payment URL',
    dateInvalid: 'Invalid date',
    badgeNameUnprintable: 'Badge name contains a character that cannot be printed ({{character}})',
    badgeNameStrayJoiner:
      'Badge name contains a joining or variation character ({{character}}) that joins nothing; delete it',
    handleNameInvalidCharacter: 'Handle name contains a character that cannot be used ({{character}})',
    rulesAgreementRequired: 'You must agree to the participation rules to register',
    emailDomainMixesScripts:
      "The email address's domain mixes letters of different scripts (such as a Cyrillic letter among Latin ones); please type it again",
    timeInvalid: 'Enter a time as HH:MM (24-hour clock).',
    wholeNumber: 'Enter a whole number, 0 or more.',
    wholeYen: 'Enter whole yen, 50 or more.',
    percentInvalid: 'Enter a whole number from 0 to 100.',
    durationInvalid: 'This is outside the range that can be set.',
    editionIdInvalid: 'Use up to 32 lower-case letters, digits and hyphens (for example 2026).',
    dateAfterEvent: 'Choose a day on or before the event day.',
    periodEndsBeforeStart: 'The end must not come before the start.',
    timeOrder: 'The end time must be after the start time.',
    refundRatesOrder: 'The later refund rate must not be above the earlier one.',
    capacityBelowTaken: 'The capacity cannot go below the spots already taken.',
    badgeArtworkUnknown: 'Choose one of the pictures offered, or none.',
    attentionNoteTooLong: 'The note must be at most {{max}} characters',
    attentionNoteInvalidCharacter: 'The note contains a character that cannot be stored ({{character}})',
    attentionNoteRequired: 'Write what door staff should know when you flag a participant',
    accessNeedsTooLong: 'Access needs must be at most {{max}} characters',
    accessNeedsInvalidCharacter: 'Access needs contain a character that cannot be stored ({{character}})',
    dateTimeInvalid: 'Enter a date and time in Japan as YYYY-MM-DD HH:MM.',
    sessionIdInvalid: 'Use up to 40 lower-case letters, digits and hyphens (for example opening).',
    sessionIdRepeated: 'Another session already has this id.',
    tagUnknown: 'Unknown tag. Use: {{tags}}.',
    csvColumnsInvalid: 'The file must have exactly these columns: {{columns}}.',
    csvUnreadable: 'The file could not be read as CSV.',
    announcementTitleTooLong: 'The title must be at most {{max}} characters.',
    announcementBodyTooLong: 'The text must be at most {{max}} characters.',
  },
}

const keysOf = {
  product: productErrorKeys,
  general: generalErrorKeys,
  cognito: cognitoErrorNames,
  validation: validationMessageKeys,
}

describe('every group of the catalogue', () => {
  it.each(Object.keys(keysOf) as (keyof typeof keysOf)[])(
    'lists the %s keys in the order of both locale files',
    (group) => {
      expect(Object.keys(errorsJa[group])).toEqual(keysOf[group])
      expect(Object.keys(errorsEn[group])).toEqual(keysOf[group])
    },
  )

  it.each(Object.keys(englishTexts) as (keyof typeof englishTexts)[])(
    'has the %s keys of the spec, in its order, with their English texts',
    (group) => {
      expect(keysOf[group]).toEqual(Object.keys(englishTexts[group]))
      expect(errorsEn[group]).toEqual(englishTexts[group])
    },
  )
})

describe('product error messages', () => {
  it('defines the exact keys the API sends, in the spec order', () => {
    expect(productErrors.soldOut).toBe('soldOut')
    expect(Object.keys(productErrors)).toEqual(productErrorKeys)
    expect(unauthorizedMessage).toBe('Unauthorized')
  })

  it('uses the status-page texts of the spec verbatim for network error and maintenance', () => {
    expect(errorsJa.product.networkError).toBe(
      'ネットワークエラーが発生しました。しばらく時間をおいて、再度アクセスしてください。',
    )
    expect(errorsJa.product.underMaintenance).toBe(
      'ただいまメンテナンス中です。大変恐れ入りますが、しばらくお待ちください。',
    )
  })

  it('says in English what the spec describes', () => {
    expect(errorsJa.product.passwordTooShort).toContain('8文字以上')
  })

  it('recognises only its own keys', () => {
    expect(productErrorKeys.every(isProductErrorKey)).toBe(true)
    expect(isProductErrorKey('Unauthorized')).toBe(false)
    expect(isProductErrorKey('Sold out')).toBe(false)
    expect(isProductErrorKey('toString')).toBe(false)
  })
})

describe('general messages', () => {
  it('has the generic Unexpected error, sign in again, and the unknown provider error with its code', () => {
    expect(errorsJa.general.cognitoUnknown).toContain('{{code}}')
  })
})

describe('Cognito errors', () => {
  it('names every error the spec lists', () => {
    const listedInSpec = [
      'InternalError',
      'InvalidParameter',
      'NotAuthorized',
      'ResourceNotFound',
      'TooManyRequests',
      'UserNotFound',
      'UserNotConfirmed',
      'UsernameExists',
      'AliasExists',
      'InvalidPassword',
      'PasswordHistoryPolicyViolation',
      'PasswordResetRequired',
      'CodeMismatch',
      'ExpiredCode',
      'CodeDeliveryFailure',
      'LimitExceeded',
      'TooManyFailedAttempts',
      'MFAMethodNotFound',
      'SoftwareTokenMFANotFound',
      'EnableSoftwareTokenMFA',
      'Unauthorized',
      'UnsupportedOperation',
      'UnsupportedTokenType',
      'UnsupportedUserState',
      'PreconditionNotMet',
      'ConcurrentModification',
      'Forbidden',
    ].map((name) => `${name}Exception`)
    expect(cognitoErrorNames).toEqual(expect.arrayContaining(listedInSpec))
  })

  it('names the others for lambda, SMS role, e-mail role, WebAuthn, OAuth, tier, tagging, branding, group and provider', () => {
    expect(cognitoErrorNames).toEqual(
      expect.arrayContaining([
        'UnexpectedLambdaException',
        'UserLambdaValidationException',
        'InvalidLambdaResponseException',
        'InvalidSmsRoleAccessPolicyException',
        'InvalidSmsRoleTrustRelationshipException',
        'InvalidEmailRoleAccessPolicyException',
        'WebAuthnNotEnabledException',
        'WebAuthnChallengeNotFoundException',
        'InvalidOAuthFlowException',
        'FeatureUnavailableInTierException',
        'TierChangeNotAllowedException',
        'UserPoolTaggingException',
        'ManagedLoginBrandingExistsException',
        'GroupExistsException',
        'DuplicateProviderException',
        'UnsupportedIdentityProviderException',
      ]),
    )
    expect(cognitoErrorNames).toHaveLength(59)
  })

  it('has a text for every name in both languages and no other', () => {
    for (const name of cognitoErrorNames) {
      expect(errorsJa.cognito[name], name).not.toBe('')
      expect(errorsEn.cognito[name], name).not.toBe('')
    }
    expect(isCognitoErrorName('CodeMismatchException')).toBe(true)
    expect(isCognitoErrorName('SomethingNewException')).toBe(false)
  })
})

describe('validation messages', () => {
  it('has the messages of the spec in English and Japanese', () => {
    expect(errorsJa.validation).toMatchObject({
      required: '入力してください。',
      badgeNameEmpty: 'バッジ名を入力してください。',
      badgeNameTooLong: 'バッジ名は{{max}}文字以内で入力してください。',
      handleNameEmpty: 'ハンドルネームを入力してください。',
      xUsernameInvalid: 'Xのユーザー名が不正です',
      tShirtSizeEmpty: 'Tシャツのサイズを選択してください。',
      changingRoomEmpty: '着ぐるみ更衣室を選択してください。',
      badgeNameUnprintable: 'バッジ名に印刷できない文字（{{character}}）が含まれています。',
      handleNameInvalidCharacter: 'ハンドルネームに使用できない文字（{{character}}）が含まれています。',
    })
    expect(errorsJa.validation.urlInvalid).toBe('URLが不正です')
  })

  it('knows every key of the catalogue as an error message key', () => {
    expect(isErrorMessageKey('validation.badgeNameEmpty')).toBe(true)
    expect(isErrorMessageKey('product.soldOut')).toBe(true)
    expect(isErrorMessageKey('cognito.CodeMismatchException')).toBe(true)
    expect(isErrorMessageKey('general.unexpected')).toBe(true)
    expect(isErrorMessageKey('soldOut')).toBe(false)
    expect(isErrorMessageKey('Invalid input')).toBe(false)
  })
})
