import {
  type Context,
  checkWritableAttributes,
  deliver,
  findUser,
  isEmail,
  newUser,
  normaliseEmail,
  poolById,
  temporaryPasswordLifetime,
} from '../context.ts'
import { CognitoError, invalidParameter, messages } from '../errors.ts'
import { generateTemporaryPassword, hashPassword, policyViolation } from '../passwords.ts'
import { deliveryMediums, messageActions, type Params, rules } from '../validation.ts'
import { userType } from './users.ts'

/** Creates a user with a temporary password (FORCE_CHANGE_PASSWORD) and mails the invitation. */
export async function adminCreateUser(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const username = params.string('Username', rules.username)
  const attributes = params.attributes('UserAttributes')
  params.attributes('ValidationData')
  const temporaryPassword = params.optionalString('TemporaryPassword', rules.password)
  params.boolean('ForceAliasCreation')
  const messageAction = params.enumValue('MessageAction', messageActions, false)
  const mediums = params.stringList('DesiredDeliveryMediums') ?? ['EMAIL']
  params.stringMap('ClientMetadata')
  params.check()
  const pool = poolById(context, poolId)
  if (mediums.some((medium) => !(deliveryMediums as readonly string[]).includes(medium))) {
    throw invalidParameter('Invalid delivery medium.')
  }
  if (mediums.includes('SMS'))
    throw invalidParameter('No phone_number attribute to deliver an SMS message to.')
  if (!isEmail(username)) throw invalidParameter(messages.usernameShouldBeEmail)
  const email = normaliseEmail(username)
  // An administrator may set email_verified, which a user cannot.
  const verified = attributes.find(({ name }) => name === 'email_verified')
  if (verified && verified.value !== 'true' && verified.value !== 'false') {
    throw invalidParameter('Invalid value for email_verified: must be true or false.')
  }
  checkWritableAttributes(attributes.filter(({ name }) => name !== 'email_verified'))
  const emailAttribute = attributes.find(({ name }) => name === 'email')
  if (emailAttribute && normaliseEmail(emailAttribute.value) !== email) {
    throw invalidParameter(
      'Attributes did not conform to the schema: email: must be the same as the username.',
    )
  }
  const password = temporaryPassword ?? generateTemporaryPassword(pool.policy)
  const violation = policyViolation(password, pool.policy)
  if (violation)
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`)

  const now = context.clock.now()
  let user = findUser(context, pool, email)
  if (messageAction === 'RESEND') {
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.')
    if (user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw new CognitoError(
        'UnsupportedUserStateException',
        `Resend not possible. ${user.sub} status is not FORCE_CHANGE_PASSWORD`,
      )
    }
    user.passwordHash = await hashPassword(password, context.passwordHashCost)
    user.temporaryPasswordExpiresAt = now + temporaryPasswordLifetime
    user.updatedAt = now
  } else {
    if (user) throw new CognitoError('UsernameExistsException', 'User account already exists')
    user = newUser(context, pool, {
      email,
      status: 'FORCE_CHANGE_PASSWORD',
      emailVerified: verified?.value === 'true',
      passwordHash: await hashPassword(password, context.passwordHashCost),
      temporaryPasswordExpiresAt: now + temporaryPasswordLifetime,
      attributes: Object.fromEntries(
        attributes
          .filter(({ name }) => name !== 'email' && name !== 'email_verified')
          .map(({ name, value }) => [name, value]),
      ),
    })
  }
  if (messageAction !== 'SUPPRESS') deliver(context, pool, email, 'admin_invite', password)
  return { User: userType(user) }
}
