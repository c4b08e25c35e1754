import {
  CognitoIdentityProviderClient,
  paginateAdminListGroupsForUser,
} from '@aws-sdk/client-cognito-identity-provider'

/** Who is in which group of the admins user pool right now: the staff roles (decision 156). */
export interface StaffDirectory {
  /**
   * The groups the staff member is in now, by their Cognito username (the `sub` in a pool that signs in by
   * e-mail address). Rejects when Cognito could not answer.
   */
  groupsOf(username: string): Promise<string[]>
}

/**
 * Cognito's AdminListGroupsForUser on the admins pool, through the AWS SDK: it is an IAM-authorised operation,
 * so it needs the SigV4 signature and credential chain the SDK brings. `credentials` are for local use (the
 * emulator's development key); without them the process's AWS credentials sign, as in production.
 */
export function createCognitoStaffDirectory(options: {
  endpoint: string
  region: string
  userPoolId: string
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
  timeoutMs?: number
}): StaffDirectory {
  const client = new CognitoIdentityProviderClient({
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
  return {
    async groupsOf(username) {
      const groups: string[] = []
      const pages = paginateAdminListGroupsForUser(
        { client },
        { UserPoolId: options.userPoolId, Username: username },
      )
      for await (const page of pages) {
        for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName)
      }
      return groups
    },
  }
}
