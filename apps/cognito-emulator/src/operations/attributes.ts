import {
  authenticate,
  type Context,
  checkWritableAttributes,
  consumeCode,
  emailOwner,
  isEmail,
  normaliseEmail,
  sendCode,
  userAttributes,
} from '../context.ts'
import { aliasExists, invalidParameter } from '../errors.ts'
import { type Params, rules } from '../validation.ts'

export async function getUser(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  params.check()
  const { user } = await authenticate(context, accessToken)
  return { Username: user.sub, UserAttributes: userAttributes(user) }
}

/**
 * A changed e-mail is sent a code. Without AttributesRequireVerificationBeforeUpdate the address changes at
 * once and email_verified turns false until VerifyUserAttribute; with it (our pools) the original address
 * stays, verified and usable for sign-in, until the new one is verified.
 */
export async function updateUserAttributes(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  const attributes = params.attributes('UserAttributes', true)
  params.stringMap('ClientMetadata')
  params.check()
  const { pool, user } = await authenticate(context, accessToken)
  checkWritableAttributes(attributes)

  let newEmail: string | undefined
  const emailAttribute = attributes.find(({ name }) => name === 'email')
  if (emailAttribute) {
    if (!isEmail(emailAttribute.value)) throw invalidParameter('Invalid email address format.')
    const email = normaliseEmail(emailAttribute.value)
    if (emailOwner(context, pool, email, user)) throw aliasExists()
    if (email !== user.email) newEmail = email
    else if (user.pendingEmail) {
      // Setting the current address again withdraws the pending change.
      delete user.pendingEmail
      delete user.codes.verifyEmail
    }
  }
  for (const { name, value } of attributes) {
    if (name === 'email') continue
    if (value === '') delete user.attributes[name]
    else user.attributes[name] = value
  }
  user.updatedAt = context.clock.now()
  if (!newEmail) return {}
  if (pool.keepOriginalEmail) user.pendingEmail = newEmail
  else {
    user.email = newEmail
    user.emailVerified = false
  }
  return { CodeDeliveryDetailsList: [sendCode(context, pool, user, 'verifyEmail', 'verify_email', newEmail)] }
}

function readEmailAttributeName(params: Params) {
  const name = params.string('AttributeName', rules.attributeName)
  return () => {
    if (name !== 'email') throw invalidParameter(`Invalid attribute name: ${name} cannot be verified.`)
  }
}

export async function getUserAttributeVerificationCode(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  const assertEmail = readEmailAttributeName(params)
  params.stringMap('ClientMetadata')
  params.check()
  const { pool, user } = await authenticate(context, accessToken)
  assertEmail()
  const email = user.pendingEmail ?? user.email
  return { CodeDeliveryDetails: sendCode(context, pool, user, 'verifyEmail', 'verify_email', email) }
}

export async function verifyUserAttribute(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  const assertEmail = readEmailAttributeName(params)
  const code = params.string('Code', rules.confirmationCode)
  params.check()
  const { pool, user } = await authenticate(context, accessToken)
  assertEmail()
  const pending = consumeCode(context, user, 'verifyEmail', code)
  // The address may have been taken since the code was sent.
  if (emailOwner(context, pool, pending.email, user)) throw aliasExists()
  user.email = pending.email
  user.emailVerified = true
  delete user.pendingEmail
  user.updatedAt = context.clock.now()
  return {}
}
