import { type Context, findUser, type Pool, poolById, userAttributes } from '../context.ts'
import { CognitoError, messages } from '../errors.ts'
import type { UserRecord } from '../state.ts'
import { type Params, rules } from '../validation.ts'

const seconds = (ms: number) => Math.floor(ms / 1000)

/** A user as the admin operations and ListUsersInGroup describe it (UserType). */
export function userType(user: UserRecord) {
  return {
    Username: user.sub,
    Attributes: userAttributes(user),
    UserCreateDate: seconds(user.createdAt),
    UserLastModifiedDate: seconds(user.updatedAt),
    Enabled: !user.disabled,
    UserStatus: user.status,
  }
}

/** Admin operations name users plainly: PreventUserExistenceErrors covers only the app client's operations. */
export function userOrNotFound(context: Context, pool: Pool, username: string): UserRecord {
  const user = findUser(context, pool, username)
  if (!user) throw new CognitoError('UserNotFoundException', messages.userNotFound)
  return user
}

/** Every sign-in of the user ends: its refresh token and every access token it issued are refused. */
function revokeSessionsOf(context: Context, pool: Pool, user: UserRecord) {
  for (const session of Object.values(context.store.state.sessions)) {
    if (session.poolId === pool.id && session.sub === user.sub) session.revoked = true
  }
}

/** Reads the UserPoolId and Username an admin operation on one user takes. */
function namedUser(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const username = params.string('Username', rules.username)
  params.check()
  const pool = poolById(context, poolId)
  return { pool, user: userOrNotFound(context, pool, username) }
}

export async function adminGetUser(context: Context, params: Params) {
  const { user } = namedUser(context, params)
  const { Attributes, ...rest } = userType(user)
  return { ...rest, UserAttributes: Attributes }
}

/** The user can no longer sign in or refresh, and every token it holds is revoked at once. */
export async function adminDisableUser(context: Context, params: Params) {
  const { pool, user } = namedUser(context, params)
  user.disabled = true
  user.updatedAt = context.clock.now()
  revokeSessionsOf(context, pool, user)
  return {}
}

/** Signing in works again; the tokens revoked when the user was disabled stay revoked. */
export async function adminEnableUser(context: Context, params: Params) {
  const { user } = namedUser(context, params)
  delete user.disabled
  user.updatedAt = context.clock.now()
  return {}
}

/**
 * The user is gone: its record, its group memberships, its sign-ins (every token it holds is refused from now on)
 * and its pending challenges. Its e-mail address is free for a new sign-up, which gets a new sub.
 */
export async function adminDeleteUser(context: Context, params: Params) {
  const { pool, user } = namedUser(context, params)
  const { state } = context.store
  delete context.store.usersOf(pool.id)[user.sub]
  for (const group of Object.values(context.store.groupsOf(pool.id))) {
    group.members = group.members.filter((member) => member !== user.sub)
  }
  revokeSessionsOf(context, pool, user)
  for (const [id, challenge] of Object.entries(state.challenges)) {
    if (challenge.poolId === pool.id && challenge.sub === user.sub) delete state.challenges[id]
  }
  return {}
}
