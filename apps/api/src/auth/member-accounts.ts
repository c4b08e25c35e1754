import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { type CognitoAdminOptions, cognitoAdminClient, cognitoErrorName } from './staff-directory.ts'

/** The members pool's accounts as retention deletes them (docs/decisions/161-retention.md). */
export interface MemberAccounts {
  /**
   * Deletes the member's Cognito user (by its `sub`): `deleted`, or `absent` when the pool no longer has it (a
   * run that stopped after Cognito deleted it, or a user deleted by hand). Rejects when Cognito could not answer.
   */
  delete(userId: string): Promise<'deleted' | 'absent'>
}

/** AdminDeleteUser on the members pool, through the AWS SDK like the admins pool's operations. */
export function createCognitoMemberAccounts(options: CognitoAdminOptions): MemberAccounts {
  const client = cognitoAdminClient(options)
  return {
    async delete(userId) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: options.userPoolId, Username: userId }))
        return 'deleted'
      } catch (error) {
        if (cognitoErrorName(error) === 'UserNotFoundException') return 'absent'
        throw error
      }
    },
  }
}
