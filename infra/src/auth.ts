import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as cognito from 'aws-cdk-lib/aws-cognito'
import { Construct } from 'constructs'
import type { FurfesConfig } from './config.ts'

/** How long tokens live. Access and ID tokens: one hour, as the apps expect (refresh 30 s before expiry). */
const tokenValidity = {
  access: Duration.hours(1),
  id: Duration.hours(1),
  /** Members stay signed in on their phones for a month, like the Cognito emulator's default. */
  membersRefresh: Duration.days(30),
  /**
   * Staff tablets: a week covers the set-up day and the event day; a lost tablet's session dies sooner, and
   * GlobalSignOut (or AdminUserGlobalSignOut) ends it at once.
   */
  adminsRefresh: Duration.days(7),
}

/** The spec's rule: at least 8 characters, and nothing more (the apps' validation says the same). */
const passwordPolicy: cognito.PasswordPolicy = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
  tempPasswordValidity: Duration.days(7),
}

/**
 * The staff roles, as groups of the admins pool: tokens carry the ones a staff member is in (`cognito:groups`),
 * lowest precedence first. The Cognito emulator's pools.json defines the same groups.
 */
const staffGroups = [
  {
    groupName: 'committee',
    description:
      'Executive committee: everything, including money beyond the refund policy, settings and staff',
    precedence: 1,
  },
  {
    groupName: 'desk',
    description:
      "Reception desk: the door's rights plus participant details, notes, refunds within the policy and the waiting list",
    precedence: 2,
  },
  {
    groupName: 'door',
    description: 'Door volunteers: scan, check in, search, goods and badge reprints',
    precedence: 3,
  },
] as const

export interface UserPoolWithClient {
  pool: cognito.UserPool
  client: cognito.UserPoolClient
}

/**
 * The members and admins user pools, configured as the Cognito emulator behaves (decision 020), so code
 * proven against the emulator runs unchanged: the e-mail address is the username, case-insensitive;
 * sign-up confirms it by a code; an e-mail change keeps the old, verified address until the new one is
 * confirmed; one app client without secret, USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH only; "prevent user
 * existence errors" on.
 */
export class UserPools extends Construct {
  readonly members: UserPoolWithClient
  readonly admins: UserPoolWithClient

  constructor(scope: Construct, id: string, config: FurfesConfig) {
    super(scope, id)
    // Cognito sends through SES as our sender too (its own sender manages a few dozen mails a day).
    const email = cognito.UserPoolEmail.withSES({
      fromEmail: config.email.fromAddress,
      ...(config.email.fromName ? { fromName: config.email.fromName } : {}),
      ...(config.email.replyTo ? { replyTo: config.email.replyTo } : {}),
      sesRegion: 'ap-northeast-1',
    })

    const common = (name: string): cognito.UserPoolProps => ({
      userPoolName: `furfes-${config.stage}-${name}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // The apps implement no MFA challenge (neither does the emulator); see decision 080.
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.LITE,
      email,
      deletionProtection: true,
      // Accounts are people's: a stack deleted by mistake must not take them along.
      removalPolicy: RemovalPolicy.RETAIN,
    })

    const client = (pool: cognito.UserPool, refreshTokenValidity: Duration) =>
      pool.addClient('WebClient', {
        userPoolClientName: 'web',
        generateSecret: false,
        // CDK always adds ALLOW_REFRESH_TOKEN_AUTH; nothing else (no SRP, no custom, no admin flows).
        authFlows: { userPassword: true },
        preventUserExistenceErrors: true,
        // The apps sign in through the API operations, never the hosted UI or OAuth redirects.
        disableOAuth: true,
        accessTokenValidity: tokenValidity.access,
        idTokenValidity: tokenValidity.id,
        refreshTokenValidity,
        // The reception's sign-out revokes its own refresh token (RevokeToken, decision 077), which needs this.
        enableTokenRevocation: true,
        // Only the three attributes the spec names are read; only e-mail is written by users.
        readAttributes: new cognito.ClientAttributes().withStandardAttributes({
          email: true,
          emailVerified: true,
        }),
        writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
      })

    /** A pool on the common settings plus its own, with its web client. */
    const poolWithClient = (
      id: string,
      name: string,
      own: Partial<cognito.UserPoolProps>,
      refreshTokenValidity: Duration,
    ): UserPoolWithClient => {
      const pool = new cognito.UserPool(this, id, { ...common(name), ...own })
      return { pool, client: client(pool, refreshTokenValidity) }
    }

    this.members = poolWithClient(
      'Members',
      'members',
      {
        selfSignUpEnabled: true,
        userVerification: {
          emailSubject: '【ふぁーりーフェス】確認コード / Verification code',
          emailBody:
            'ふぁーりーフェスの確認コードは {####} です。\n\nYour Furry Fes verification code is {####}.',
          emailStyle: cognito.VerificationEmailStyle.CODE,
        },
      },
      tokenValidity.membersRefresh,
    )

    this.admins = poolWithClient(
      'Admins',
      'admins',
      {
        // Admins are invited (AdminCreateUser) and set their own password at first sign-in.
        selfSignUpEnabled: false,
        userInvitation: {
          emailSubject: '【ふぁーりーフェス】スタッフアカウント / Staff account',
          emailBody:
            'ユーザー名 {username} 仮パスワード {####}\n初回サインイン時に新しいパスワードを設定してください。\n\n' +
            'Username {username}, temporary password {####}. Set your own password at first sign-in.',
        },
      },
      tokenValidity.adminsRefresh,
    )
    for (const group of staffGroups) this.admins.pool.addGroup(`StaffGroup-${group.groupName}`, group)
  }
}
