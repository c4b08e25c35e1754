import { isOneOf } from '../domain/one-of.ts'
import type errorsEn from '../locales/en/errors.json'

type Catalogue = typeof errorsEn

/**
 * The product error messages (docs/requirements.md ERR-3), as the API sends them in `{ "message": … }`. Each is a key
 * of the `errors:product.*` translations; the last four are the API's own answers: three general ones (400, 404, 403)
 * and registrationUnavailable (409: POST /registration while the registration flag is off, decision 033).
 */
export const productErrorKeys = [
  'emailAlreadyRegistered',
  'verificationCodeExpired',
  'verificationCodeInvalid',
  'emailVerificationRequired',
  'emailOrPasswordInvalid',
  'passwordInvalid',
  'passwordTooShort',
  'newPasswordSameAsCurrent',
  'emailInUseByAnotherAccount',
  'emailInvalid',
  'popUpWindowBlocked',
  'purchaseSessionAlreadyExists',
  'purchaseSessionTimedOut',
  'soldOut',
  'highTraffic',
  'networkError',
  'underMaintenance',
  'myPageSessionExpired',
  'registrationCodeGenerationFailed',
  'registrationCodeInvalid',
  'registrationCodeNotFound',
  'invalidRequest',
  'notFound',
  'forbidden',
  'registrationUnavailable',
  // The waiting list (decision 115): joining a second list, accepting an offer that is not (or no longer) open.
  'alreadyOnWaitingList',
  'noWaitingListOffer',
  'registrationNotPaid',
  'alreadyRefunded',
  'refundReasonRequired',
  'refundAmountTooLarge',
  'refundFailed',
  // The same idempotency key sent again with another amount (decision 111).
  'refundKeyReused',
  // Registration cannot be switched back on once the event is cancelled (decision 113).
  'eventCancelled',
  // Editions (decision 155): a save over someone else's, a next edition prepared twice, a record that breaks a rule.
  'editionChanged',
  'editionExists',
  'editionInvalid',
  // Editions' phases and past editions (decision 158): registration not open yet, closed, the event over; a write
  // that names a past edition or acts on one of its registrations.
  'registrationNotOpenYet',
  'registrationClosed',
  'editionOver',
  'editionNotCurrent',
  // A tier the committee has not put on sale in the current edition (decision 155's on-sale switch).
  'tierNotOnSale',
  // Staff management (decision 157): a committee member's own role or account, an address already invited.
  'staffSelfChange',
  'staffExists',
  // A participant cancelling their own registration (decision 165): checked in at the door already, the policy
  // amount changed since the page showed it, the event called off (its own refund run refunds everyone).
  'alreadyCheckedIn',
  'refundAmountChanged',
  'cancelDuringEventCancellation',
  // A participant changing their details (decision 166): not paid, after the badge print day, another tier.
  'detailsChangeNotPaid',
  'detailsChangeClosed',
  'tierChangeNotOffered',
  // The timetable (decision 172): a draft saved over someone else's, a timetable that breaks a rule.
  'timetableChanged',
  'timetableInvalid',
  // A participant changing tier (decision 167): a fursuit tier, the tier held, after the badge print day, an amount
  // no longer right, checked in already, a payment of an upgrade still open.
  'tierChangeToFursuitTier',
  'tierChangeSameTier',
  'tierChangeClosed',
  'tierChangeAmountChanged',
  'tierChangeCheckedIn',
  'tierChangePending',
  // Add-ons (decision 178): sold out, outside the sale window, no paid registration, one bought already, none to
  // refund.
  'addonSoldOut',
  'addonNotOnSale',
  'addonNeedsPaidRegistration',
  'addonAlreadyBought',
  'addonNotBought',
  // A complimentary registration for an address no member account has (decision 185).
  'complimentaryNoAccount',
  // The desk's tools (decision 191): a receipt sent again for a registration not paid, a Stripe payment id that
  // names no registration of the edition.
  'receiptNotPaid',
  'paymentNotFound',
  // Web Push (decision 176): a subscription whose endpoint is not at a known push service.
  'pushServiceNotAllowed',
  // Announcements (decision 173): a correction over someone else's, a withdrawn one changed or mailed, bad content.
  'announcementChanged',
  'announcementWithdrawn',
  'announcementInvalid',
  // A minor's guardian (decision 184): no account or registration at that address, not a paid adult participant,
  // the member themselves, not confirmed yet when the minor pays.
  'guardianNotFound',
  'guardianNotEligible',
  'guardianSelf',
  'guardianNotConfirmed',
] as const satisfies readonly (keyof Catalogue['product'])[]
export type ProductErrorKey = (typeof productErrorKeys)[number]

/** Named access to the product error keys, for the API to send and the apps to compare. */
export const productErrors = Object.fromEntries(productErrorKeys.map((key) => [key, key])) as {
  readonly [K in ProductErrorKey]: K
}

export function isProductErrorKey(value: unknown): value is ProductErrorKey {
  return isOneOf(productErrorKeys, value)
}

/** A 401 whose message is exactly this means the caller must sign in again (docs/requirements.md ERR-1). */
export const unauthorizedMessage = 'Unauthorized'

/** Messages the client shows that no API sends. */
export const generalErrorKeys = [
  'unexpected',
  'authenticationRequired',
  'cognitoUnknown',
  'passwordAttemptsExceeded',
  'accountDisabled',
] as const satisfies readonly (keyof Catalogue['general'])[]
export type GeneralErrorKey = (typeof generalErrorKeys)[number]

/**
 * Every error name of the Cognito user-pool API (`@aws-sdk/client-cognito-identity-provider` 3.x), which
 * covers the names the product recognises and the others it groups as lambda, SMS role, e-mail role, WebAuthn,
 * OAuth, tier, tagging, branding, group and provider errors (docs/requirements.md ERR-4).
 */
export const cognitoErrorNames = [
  'AccessDeniedException',
  'AliasExistsException',
  'CodeDeliveryFailureException',
  'CodeMismatchException',
  'ConcurrentModificationException',
  'DeviceKeyExistsException',
  'DuplicateProviderException',
  'EnableSoftwareTokenMFAException',
  'ExpiredCodeException',
  'FeatureUnavailableInTierException',
  'ForbiddenException',
  'GroupExistsException',
  'InternalErrorException',
  'InternalServerException',
  'InvalidEmailRoleAccessPolicyException',
  'InvalidLambdaResponseException',
  'InvalidOAuthFlowException',
  'InvalidParameterException',
  'InvalidPasswordException',
  'InvalidSmsRoleAccessPolicyException',
  'InvalidSmsRoleTrustRelationshipException',
  'InvalidUserPoolConfigurationException',
  'LimitExceededException',
  'MFAMethodNotFoundException',
  'ManagedLoginBrandingExistsException',
  'NotAuthorizedException',
  'OperationNotEnabledException',
  'PasswordHistoryPolicyViolationException',
  'PasswordResetRequiredException',
  'PreconditionNotMetException',
  'RefreshTokenReuseException',
  'ResourceNotFoundException',
  'ScopeDoesNotExistException',
  'ServiceQuotaExceededException',
  'SoftwareTokenMFANotFoundException',
  'TermsExistsException',
  'TierChangeNotAllowedException',
  'TooManyFailedAttemptsException',
  'TooManyRequestsException',
  'UnauthorizedException',
  'UnexpectedLambdaException',
  'UnsupportedIdentityProviderException',
  'UnsupportedOperationException',
  'UnsupportedTokenTypeException',
  'UnsupportedUserStateException',
  'UserImportInProgressException',
  'UserLambdaValidationException',
  'UserNotConfirmedException',
  'UserNotFoundException',
  'UserPoolAddOnNotEnabledException',
  'UserPoolTaggingException',
  'UsernameExistsException',
  'WebAuthnChallengeNotFoundException',
  'WebAuthnClientMismatchException',
  'WebAuthnConfigurationMissingException',
  'WebAuthnCredentialNotSupportedException',
  'WebAuthnNotEnabledException',
  'WebAuthnOriginNotAllowedException',
  'WebAuthnRelyingPartyMismatchException',
] as const satisfies readonly (keyof Catalogue['cognito'])[]
export type CognitoErrorName = (typeof cognitoErrorNames)[number]

export function isCognitoErrorName(value: unknown): value is CognitoErrorName {
  return isOneOf(cognitoErrorNames, value)
}

/** The form validation messages (docs/requirements.md VAL-1 to VAL-8) and the generic Required / Invalid input. */
export const validationMessageKeys = [
  'required',
  'invalidInput',
  'registrationTierEmpty',
  'badgeNameEmpty',
  'badgeNameTooLong',
  'handleNameEmpty',
  'handleNameTooLong',
  'urlInvalid',
  'urlsTooMany',
  'xUsernameInvalid',
  'tShirtSizeEmpty',
  'tShirtSizeNotApplicable',
  'changingRoomEmpty',
  'changingRoomNotApplicable',
  'userIdInvalid',
  'paymentUrlInvalid',
  'dateInvalid',
  'badgeNameUnprintable',
  'badgeNameStrayJoiner',
  'handleNameInvalidCharacter',
  'rulesAgreementRequired',
  'emailDomainMixesScripts',
  'timeInvalid',
  'wholeNumber',
  'wholeYen',
  'percentInvalid',
  'durationInvalid',
  'editionIdInvalid',
  'dateAfterEvent',
  'periodEndsBeforeStart',
  'timeOrder',
  'refundRatesOrder',
  'capacityBelowTaken',
  'badgeArtworkUnknown',
  'attentionNoteTooLong',
  'attentionNoteInvalidCharacter',
  'attentionNoteRequired',
  'accessNeedsTooLong',
  'accessNeedsInvalidCharacter',
  // Timetable sessions and their spreadsheet (decision 172).
  'dateTimeInvalid',
  'sessionIdInvalid',
  'sessionIdRepeated',
  'tagUnknown',
  'csvColumnsInvalid',
  'csvUnreadable',
  // Announcements (decision 173).
  'announcementTitleTooLong',
  'announcementBodyTooLong',
] as const satisfies readonly (keyof Catalogue['validation'])[]
export type ValidationMessageKey = (typeof validationMessageKeys)[number]

/** Every key of the `errors` namespace, as `t()` takes it: `product.soldOut`, `cognito.CodeMismatchException`. */
export type ErrorMessageKey =
  | `product.${ProductErrorKey}`
  | `general.${GeneralErrorKey}`
  | `cognito.${CognitoErrorName}`
  | `validation.${ValidationMessageKey}`

/** The i18next namespace of the error catalogue. */
export const errorsNamespace = 'errors'

/**
 * The `errors` key of a validation message, which is also the zod issue message of every schema in
 * `packages/core` (so forms translate issues with `t(issue.message, { ns: 'errors' })`).
 */
export function validationMessage(key: ValidationMessageKey): `validation.${ValidationMessageKey}` {
  return `validation.${key}`
}

export function productMessage(key: ProductErrorKey): `product.${ProductErrorKey}` {
  return `product.${key}`
}

const errorMessageKeys: ReadonlySet<string> = new Set<ErrorMessageKey>([
  ...productErrorKeys.map(productMessage),
  ...generalErrorKeys.map((key) => `general.${key}` as const),
  ...cognitoErrorNames.map((name) => `cognito.${name}` as const),
  ...validationMessageKeys.map(validationMessage),
])

export function isErrorMessageKey(value: unknown): value is ErrorMessageKey {
  return typeof value === 'string' && errorMessageKeys.has(value)
}
