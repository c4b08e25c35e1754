import {
  type Context,
  checkWritableAttributes,
  codeDelivery,
  consumeCode,
  countRequestedCodeMail,
  findUser,
  isEmail,
  newUser,
  normaliseEmail,
  poolForClient,
  sendCode,
  unknownUser,
} from '../context.ts'
import { CognitoError, codeMismatch, invalidParameter, messages, notAuthorized } from '../errors.ts'
import { hashPassword, policyViolation } from '../passwords.ts'
import { type Params, rules } from '../validation.ts'

export async function signUp(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const username = params.string('Username', rules.username)
  const password = params.string('Password', rules.password)
  const attributes = params.attributes('UserAttributes')
  params.attributes('ValidationData')
  params.optionalString('SecretHash', rules.any)
  const pool = poolForClient(context, params, clientId)

  if (!isEmail(username)) throw invalidParameter(messages.usernameShouldBeEmail)
  const email = normaliseEmail(username)
  checkWritableAttributes(attributes)
  const emailAttribute = attributes.find((attribute) => attribute.name === 'email')
  if (emailAttribute && normaliseEmail(emailAttribute.value) !== email) {
    throw invalidParameter(
      'Attributes did not conform to the schema: email: must be the same as the username.',
    )
  }
  const violation = policyViolation(password, pool.policy)
  if (violation)
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${violation}`)
  // SignUp reveals existing accounts even with user-existence errors prevented, as Cognito documents.
  if (findUser(context, pool, email)) throw new CognitoError('UsernameExistsException', messages.emailExists)

  const user = newUser(context, pool, {
    email,
    status: 'UNCONFIRMED',
    emailVerified: false,
    passwordHash: await hashPassword(password, context.passwordHashCost),
    attributes: Object.fromEntries(
      attributes.filter(({ name }) => name !== 'email').map(({ name, value }) => [name, value]),
    ),
  })
  const delivery = sendCode(context, pool, user, 'signUp', 'sign_up', email)
  return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery }
}

export async function resendConfirmationCode(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const username = params.string('Username', rules.username)
  const pool = poolForClient(context, params, clientId)
  const user = findUser(context, pool, username)
  // Hiding user existence, an unknown user gets a simulated delivery, shaped like a real one.
  if (!user)
    return unknownUser(
      pool,
      () => ({ CodeDeliveryDetails: codeDelivery(normaliseEmail(username)) }),
      messages.usernameClientNotFound,
    )
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.')
  countRequestedCodeMail(context, user)
  return { CodeDeliveryDetails: sendCode(context, pool, user, 'signUp', 'resend', user.email) }
}

export async function confirmSignUp(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const username = params.string('Username', rules.username)
  const code = params.string('ConfirmationCode', rules.confirmationCode)
  // Accepted and without effect: with the e-mail as username an address belongs to one account at most,
  // so the alias conflict it settles cannot arise.
  params.boolean('ForceAliasCreation')
  params.optionalString('SecretHash', rules.any)
  params.optionalString('Session', rules.session)
  const pool = poolForClient(context, params, clientId)
  const user = findUser(context, pool, username)
  // Hiding user existence, no code can match an unknown user's: the answer to a wrong code.
  if (!user) throw unknownUser(pool, () => codeMismatch(), messages.usernameClientNotFound)
  if (user.status !== 'UNCONFIRMED') {
    throw notAuthorized(`User cannot be confirmed. Current status is ${user.status}`)
  }
  consumeCode(context, user, 'signUp', code)
  user.status = 'CONFIRMED'
  user.emailVerified = true
  user.updatedAt = context.clock.now()
  return {}
}
