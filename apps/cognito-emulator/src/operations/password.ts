import {
  assertNotLockedOut,
  authenticate,
  type Context,
  codeDelivery,
  consumeCode,
  countRequestedCodeMail,
  findUser,
  noAttempts,
  normaliseEmail,
  poolForClient,
  recordWrongPassword,
  sendCode,
  unknownUser,
} from '../context.ts'
import {
  attemptLimitExceeded,
  CognitoError,
  codeMismatch,
  invalidParameter,
  messages,
  notAuthorized,
} from '../errors.ts'
import { hashPassword, type PasswordPolicy, policyViolation, verifyPassword } from '../passwords.ts'
import { type Params, rules } from '../validation.ts'

function assertConforms(password: string, policy: PasswordPolicy) {
  const violation = policyViolation(password, policy)
  if (violation)
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`)
}

export async function changePassword(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  const previous = params.string('PreviousPassword', rules.password)
  const proposed = params.string('ProposedPassword', rules.password)
  params.check()
  const { pool, user } = await authenticate(context, accessToken)
  assertNotLockedOut(context, user, attemptLimitExceeded)
  if (!(await verifyPassword(previous, user.passwordHash))) {
    recordWrongPassword(context, user)
    throw notAuthorized(messages.incorrectCredentials)
  }
  assertConforms(proposed, pool.policy)
  user.passwordHash = await hashPassword(proposed, context.passwordHashCost)
  user.signInAttempts = noAttempts()
  user.updatedAt = context.clock.now()
  return {}
}

export async function forgotPassword(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const username = params.string('Username', rules.username)
  params.optionalString('SecretHash', rules.any)
  params.stringMap('ClientMetadata')
  const pool = poolForClient(context, params, clientId)
  const user = findUser(context, pool, username)
  if (user?.status === 'FORCE_CHANGE_PASSWORD') {
    throw notAuthorized('User password cannot be reset in the current state.')
  }
  // Hiding user existence, an unknown user, or one without a verified address to send to, gets a simulated
  // delivery shaped like a real one.
  const simulated = () => ({ CodeDeliveryDetails: codeDelivery(normaliseEmail(username)) })
  if (!user) return unknownUser(pool, simulated, messages.usernameClientNotFound)
  if (!user.emailVerified) {
    if (pool.hidesUserExistence) return simulated()
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    )
  }
  countRequestedCodeMail(context, user)
  return {
    CodeDeliveryDetails: sendCode(context, pool, user, 'forgotPassword', 'forgot_password', user.email),
  }
}

export async function confirmForgotPassword(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const username = params.string('Username', rules.username)
  const code = params.string('ConfirmationCode', rules.confirmationCode)
  const password = params.string('Password', rules.password)
  params.optionalString('SecretHash', rules.any)
  params.stringMap('ClientMetadata')
  const pool = poolForClient(context, params, clientId)
  assertConforms(password, pool.policy)
  const user = findUser(context, pool, username)
  // Hiding user existence, no code can match an unknown user's: the answer to a wrong code.
  if (!user) throw unknownUser(pool, () => codeMismatch(), messages.usernameClientNotFound)
  consumeCode(context, user, 'forgotPassword', code)
  user.passwordHash = await hashPassword(password, context.passwordHashCost)
  user.signInAttempts = noAttempts()
  user.updatedAt = context.clock.now()
  return {}
}
