import { type Context, type Pool, poolById } from '../context.ts'
import { CognitoError, invalidParameter } from '../errors.ts'
import type { GroupRecord, UserRecord } from '../state.ts'
import { type Params, rules } from '../validation.ts'
import { userOrNotFound, userType } from './users.ts'

const seconds = (ms: number) => Math.floor(ms / 1000)
/** Precedence is a non-negative 32-bit integer; list pages hold at most 60 entries (60 when Limit is absent). */
const precedenceRange = { min: 0, max: 2 ** 31 - 1 }
const limitRange = { min: 0, max: 60 }

function groupType(pool: Pool, group: GroupRecord) {
  return {
    GroupName: group.name,
    UserPoolId: pool.id,
    ...(group.description === undefined ? {} : { Description: group.description }),
    ...(group.roleArn === undefined ? {} : { RoleArn: group.roleArn }),
    ...(group.precedence === undefined ? {} : { Precedence: group.precedence }),
    LastModifiedDate: seconds(group.updatedAt),
    CreationDate: seconds(group.createdAt),
  }
}

const groupNotFound = () => new CognitoError('ResourceNotFoundException', 'Group not found.')

function findGroup(context: Context, pool: Pool, name: string): GroupRecord {
  const groups = context.store.groupsOf(pool.id)
  // Own properties only: a group named "__proto__" must not find Object.prototype.
  const group = Object.hasOwn(groups, name) ? groups[name] : undefined
  if (!group) throw groupNotFound()
  return group
}

/** The groups a user is in, lowest precedence first (no precedence last), then by name, as tokens list them. */
export function groupsOfUser(context: Context, poolId: string, sub: string): GroupRecord[] {
  const rank = (group: GroupRecord) => group.precedence ?? Number.POSITIVE_INFINITY
  return Object.values(context.store.groupsOf(poolId))
    .filter((group) => group.members.includes(sub))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
}

/** Creates a missing group (used by the start-up seeding as well as CreateGroup). */
export function createGroupRecord(
  context: Context,
  pool: Pool,
  fields: Pick<GroupRecord, 'name' | 'description' | 'precedence' | 'roleArn'>,
): GroupRecord {
  const now = context.clock.now()
  const group: GroupRecord = { ...fields, createdAt: now, updatedAt: now, members: [] }
  context.store.groupsOf(pool.id)[group.name] = group
  return group
}

/** Reads a list operation's Limit and NextToken. */
function pageRequest(params: Params) {
  return {
    limit: params.integer('Limit', limitRange) || 60,
    token: params.optionalString('NextToken', rules.nextToken),
  }
}

/**
 * One page of a list and the token of the next: the token is opaque to callers and tied to the list it pages,
 * so a token of another list is refused.
 */
function page<T>(items: T[], { limit, token }: ReturnType<typeof pageRequest>, list: string) {
  let start = 0
  if (token !== undefined) {
    const [of, offset] = Buffer.from(token, 'base64url').toString('utf8').split('#')
    start = Number(offset)
    if (of !== list || !Number.isInteger(start) || start < 0 || start > items.length) {
      throw invalidParameter('Invalid pagination token.')
    }
  }
  const end = start + limit
  const next = end < items.length ? Buffer.from(`${list}#${end}`).toString('base64url') : undefined
  return { items: items.slice(start, end), ...(next ? { NextToken: next } : {}) }
}

export async function createGroup(context: Context, params: Params) {
  const name = params.string('GroupName', rules.groupName)
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const description = params.optionalString('Description', rules.description)
  const roleArn = params.optionalString('RoleArn', rules.roleArn)
  const precedence = params.integer('Precedence', precedenceRange)
  params.check()
  const pool = poolById(context, poolId)
  if (Object.hasOwn(context.store.groupsOf(pool.id), name)) {
    throw new CognitoError('GroupExistsException', `A group with the name ${name} already exists.`)
  }
  const group = createGroupRecord(context, pool, { name, description, precedence, roleArn })
  return { Group: groupType(pool, group) }
}

export async function getGroup(context: Context, params: Params) {
  const name = params.string('GroupName', rules.groupName)
  const poolId = params.string('UserPoolId', rules.userPoolId)
  params.check()
  const pool = poolById(context, poolId)
  return { Group: groupType(pool, findGroup(context, pool, name)) }
}

export async function listGroups(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const request = pageRequest(params)
  params.check()
  const pool = poolById(context, poolId)
  const groups = Object.values(context.store.groupsOf(pool.id)).sort((a, b) => a.name.localeCompare(b.name))
  const { items, ...next } = page(groups, request, `groups/${pool.id}`)
  return { Groups: items.map((group) => groupType(pool, group)), ...next }
}

/** Reads the UserPoolId, Username and GroupName every membership operation takes. */
function membership(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const username = params.string('Username', rules.username)
  const name = params.string('GroupName', rules.groupName)
  params.check()
  const pool = poolById(context, poolId)
  const user = userOrNotFound(context, pool, username)
  return { group: findGroup(context, pool, name), user }
}

/** Adding a member twice is no error; the group's tokens carry it from the next sign-in or refresh. */
export async function adminAddUserToGroup(context: Context, params: Params) {
  const { group, user } = membership(context, params)
  if (!group.members.includes(user.sub)) {
    group.members.push(user.sub)
    group.updatedAt = context.clock.now()
  }
  return {}
}

export async function adminRemoveUserFromGroup(context: Context, params: Params) {
  const { group, user } = membership(context, params)
  if (group.members.includes(user.sub)) {
    group.members = group.members.filter((sub) => sub !== user.sub)
    group.updatedAt = context.clock.now()
  }
  return {}
}

export async function adminListGroupsForUser(context: Context, params: Params) {
  const username = params.string('Username', rules.username)
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const request = pageRequest(params)
  params.check()
  const pool = poolById(context, poolId)
  const user = userOrNotFound(context, pool, username)
  const groups = groupsOfUser(context, pool.id, user.sub)
  const { items, ...next } = page(groups, request, `groups-of/${pool.id}/${user.sub}`)
  return { Groups: items.map((group) => groupType(pool, group)), ...next }
}

export async function listUsersInGroup(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const name = params.string('GroupName', rules.groupName)
  const request = pageRequest(params)
  params.check()
  const pool = poolById(context, poolId)
  const group = findGroup(context, pool, name)
  const users = context.store.usersOf(pool.id)
  const members = group.members.flatMap((sub) =>
    Object.hasOwn(users, sub) ? [users[sub] as UserRecord] : [],
  )
  const { items, ...next } = page(members, request, `members/${pool.id}/${name}`)
  return { Users: items.map(userType), ...next }
}

/**
 * Every user of the pool, oldest first, in pages as Cognito gives them (its token is `PaginationToken` here).
 * `Filter` is refused: nothing of this project searches users through it.
 */
export async function listUsers(context: Context, params: Params) {
  const poolId = params.string('UserPoolId', rules.userPoolId)
  const limit = params.integer('Limit', limitRange) || 60
  const token = params.optionalString('PaginationToken', rules.nextToken)
  const attributesToGet = params.stringList('AttributesToGet')
  const filter = params.optionalString('Filter', rules.description)
  params.check()
  if (filter) throw invalidParameter('The emulator does not implement ListUsers filters.')
  const pool = poolById(context, poolId)
  const users = Object.values(context.store.usersOf(pool.id)).sort((a, b) => a.createdAt - b.createdAt)
  const { items, NextToken } = page(users, { limit, token }, `users/${pool.id}`)
  return {
    Users: items.map((user) => {
      const type = userType(user)
      return attributesToGet
        ? { ...type, Attributes: type.Attributes.filter(({ Name }) => attributesToGet.includes(Name)) }
        : type
    }),
    ...(NextToken ? { PaginationToken: NextToken } : {}),
  }
}
