import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  paginateAdminListGroupsForUser,
  paginateListUsers,
  paginateListUsersInGroup,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider'
import { type StaffMember, type StaffRole, staffRoles, staffRolesOf } from '@furfes/core'

/** Who is in which group of the admins user pool right now: the staff roles (decision 156). */
export interface StaffDirectory {
  /**
   * The groups the staff member is in now, by their Cognito username (the `sub` in a pool that signs in by
   * e-mail address). Rejects when Cognito could not answer.
   */
  groupsOf(username: string): Promise<string[]>
}

/**
 * The committee's staff management on the admins pool (docs/decisions/157-staff-audit-trail.md). Cognito's own
 * errors come through by their name (`UserNotFoundException`, `UsernameExistsException`).
 */
export interface StaffAccounts {
  /** Everyone in the admins pool, with their roles (none for an account in no role). */
  list(): Promise<StaffMember[]>
  /** The account by its username (or e-mail address), with its roles. */
  get(user: string): Promise<StaffMember>
  /** Creates the account with a temporary password Cognito mails, and puts it in `role`. */
  invite(email: string, role: StaffRole): Promise<StaffMember>
  addToGroup(user: string, role: StaffRole): Promise<void>
  removeFromGroup(user: string, role: StaffRole): Promise<void>
  setEnabled(user: string, enabled: boolean): Promise<void>
}

/** A Cognito error's name, to tell "no such user" from a failure. */
export function cognitoErrorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined
}

function emailOf(user: Pick<UserType, 'Attributes'> & { UserAttributes?: UserType['Attributes'] }): string {
  const attributes = user.Attributes ?? user.UserAttributes ?? []
  return attributes.find((attribute) => attribute.Name === 'email')?.Value ?? ''
}

/** Where and as whom the API calls Cognito's IAM-authorised admin operations on one pool. */
export interface CognitoAdminOptions {
  endpoint: string
  region: string
  userPoolId: string
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
  timeoutMs?: number
}

/**
 * The SDK client for a pool's admin operations: they need the SigV4 signature and credential chain the SDK
 * brings. `credentials` are for local use (the emulator's development key); without them the process's AWS
 * credentials sign, as in production.
 */
export function cognitoAdminClient(options: CognitoAdminOptions): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.endpoint,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // One try within the same bound as GetUser's: the session check falls back to the token's groups and asks
    // again after the recheck interval, which beats retries that hold the request (decision 055).
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: options.timeoutMs ?? 3_000,
      requestTimeout: options.timeoutMs ?? 3_000,
    },
  })
}

/** The staff roles and the committee's staff management, on the admins pool through the AWS SDK. */
export function createCognitoStaffDirectory(options: CognitoAdminOptions): StaffDirectory & StaffAccounts {
  const client = cognitoAdminClient(options)
  const UserPoolId = options.userPoolId

  async function groupsOf(username: string): Promise<string[]> {
    const groups: string[] = []
    for await (const page of paginateAdminListGroupsForUser({ client }, { UserPoolId, Username: username })) {
      for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName)
    }
    return groups
  }

  async function get(user: string): Promise<StaffMember> {
    const [found, groups] = await Promise.all([
      client.send(new AdminGetUserCommand({ UserPoolId, Username: user })),
      groupsOf(user),
    ])
    return {
      user: found.Username ?? user,
      email: emailOf(found),
      roles: staffRolesOf(groups),
      enabled: found.Enabled ?? true,
      status: found.UserStatus ?? 'UNKNOWN',
    }
  }

  return {
    groupsOf,
    get,
    async list() {
      const rolesOf = new Map<string, StaffRole[]>()
      for (const role of staffRoles) {
        for await (const page of paginateListUsersInGroup({ client }, { UserPoolId, GroupName: role })) {
          for (const user of page.Users ?? []) {
            if (user.Username) rolesOf.set(user.Username, [...(rolesOf.get(user.Username) ?? []), role])
          }
        }
      }
      const members: StaffMember[] = []
      for await (const page of paginateListUsers({ client }, { UserPoolId })) {
        for (const user of page.Users ?? []) {
          if (!user.Username) continue
          members.push({
            user: user.Username,
            email: emailOf(user),
            roles: rolesOf.get(user.Username) ?? [],
            enabled: user.Enabled ?? true,
            status: user.UserStatus ?? 'UNKNOWN',
          })
        }
      }
      return members.sort((a, b) => a.email.localeCompare(b.email))
    },
    async invite(email, role) {
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          UserAttributes: [
            { Name: 'email', Value: email },
            // The committee typed the address it knows; the temporary password proves it on first sign-in.
            { Name: 'email_verified', Value: 'true' },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      )
      const username = created.User?.Username ?? email
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName: role }))
      return get(username)
    },
    async addToGroup(user, role) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: user, GroupName: role }))
    },
    async removeFromGroup(user, role) {
      await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: user, GroupName: role }))
    },
    async setEnabled(user, enabled) {
      await client.send(
        enabled
          ? new AdminEnableUserCommand({ UserPoolId, Username: user })
          : new AdminDisableUserCommand({ UserPoolId, Username: user }),
      )
    },
  }
}
