import type { Context } from '../context.ts'
import type { Params } from '../validation.ts'
import { adminCreateUser } from './admin.ts'
import {
  getUser,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from './attributes.ts'
import { globalSignOut, initiateAuth, respondToAuthChallenge, revokeToken } from './auth.ts'
import {
  adminAddUserToGroup,
  adminListGroupsForUser,
  adminRemoveUserFromGroup,
  createGroup,
  getGroup,
  listGroups,
  listUsers,
  listUsersInGroup,
} from './groups.ts'
import { changePassword, confirmForgotPassword, forgotPassword } from './password.ts'
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up.ts'
import { adminDeleteUser, adminDisableUser, adminEnableUser, adminGetUser } from './users.ts'

interface Operation {
  run: (context: Context, params: Params) => Promise<object>
  /** Needs AWS credentials (a SigV4-signed request), as Cognito's admin operations do. */
  signed: boolean
}

const open = (run: Operation['run']): Operation => ({ run, signed: false })
const admin = (run: Operation['run']): Operation => ({ run, signed: true })

/** The operations the emulator implements; every other one is refused with UnsupportedOperationException. */
export const operations: Record<string, Operation> = {
  SignUp: open(signUp),
  ResendConfirmationCode: open(resendConfirmationCode),
  ConfirmSignUp: open(confirmSignUp),
  InitiateAuth: open(initiateAuth),
  RespondToAuthChallenge: open(respondToAuthChallenge),
  GlobalSignOut: open(globalSignOut),
  RevokeToken: open(revokeToken),
  ChangePassword: open(changePassword),
  ForgotPassword: open(forgotPassword),
  ConfirmForgotPassword: open(confirmForgotPassword),
  GetUser: open(getUser),
  UpdateUserAttributes: open(updateUserAttributes),
  VerifyUserAttribute: open(verifyUserAttribute),
  GetUserAttributeVerificationCode: open(getUserAttributeVerificationCode),
  AdminCreateUser: admin(adminCreateUser),
  AdminGetUser: admin(adminGetUser),
  AdminDisableUser: admin(adminDisableUser),
  AdminEnableUser: admin(adminEnableUser),
  AdminDeleteUser: admin(adminDeleteUser),
  CreateGroup: admin(createGroup),
  GetGroup: admin(getGroup),
  ListGroups: admin(listGroups),
  AdminAddUserToGroup: admin(adminAddUserToGroup),
  AdminRemoveUserFromGroup: admin(adminRemoveUserFromGroup),
  AdminListGroupsForUser: admin(adminListGroupsForUser),
  ListUsersInGroup: admin(listUsersInGroup),
  ListUsers: admin(listUsers),
}
