// Only types come from the SDK at load time: the SDK itself (about 74 KiB gzip) is imported on the first call,
// so public pages that never sign anyone in never download it.
import type {
  $Command,
  AuthenticationResultType,
  AuthFlowType,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderClientConfig,
  CognitoIdentityProviderClientResolvedConfig,
  ServiceInputTypes,
  ServiceOutputTypes,
} from '@aws-sdk/client-cognito-identity-provider'
import { type Clock, systemClock } from '../clock.ts'
import {
  type AuthInfo,
  authInfoFromAuthenticationResult,
  parseUserAttributes,
  toUserAttributeList,
  type UserAttributes,
} from '../domain/auth-info.ts'
import { foldEmail } from '../domain/email.ts'
import { NetworkError, UnexpectedError } from '../errors/app-errors.ts'
import { fromSdkError, NewPasswordRequiredError } from './auth-errors.ts'
import { decodeIdToken } from './id-token.ts'

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider')

/** Where a user pool app client lives. Members and admins each have their own client id. */
export interface CognitoAuthClientConfig {
  /** ap-northeast-1 in production. */
  region: string
  /** `https://cognito-idp.ap-northeast-1.amazonaws.com` in production, the emulator (http://localhost:9229) locally. */
  endpoint: string
  clientId: string
}

export interface CognitoAuthClientOptions {
  /** Auth info expiries are computed against it. */
  clock?: Clock
  /** SDK settings beyond region and endpoint; tests pass a `requestHandler` standing in for the network. */
  sdkConfig?: Omit<CognitoIdentityProviderClientConfig, 'region' | 'endpoint'>
}

/** What a successful sign-in (password, refresh or new-password challenge) yields. */
export interface SignInResult {
  authInfo: AuthInfo
  /** Returned by a password sign-in; a refresh sign-in keeps using the token it was given. */
  refreshToken: string | undefined
  /** Read from the ID token, when Cognito sent one. */
  user: UserAttributes | undefined
}

/**
 * The Cognito user-pool calls the product makes (docs/requirements.md AUTH-11), one method each. Errors are the catalogue's: a Cognito
 * exception becomes a `CognitoError` named after it, a request that never got an answer a `NetworkError`.
 */
export interface CognitoAuthClient {
  readonly clientId: string
  signUp(input: { email: string; password: string }): Promise<void>
  resendConfirmationCode(input: { email: string }): Promise<void>
  confirmSignUp(input: { email: string; code: string }): Promise<void>
  /** Throws `NewPasswordRequiredError` when Cognito asks for a new password instead of signing in. */
  signIn(input: { email: string; password: string }): Promise<SignInResult>
  refreshAccessToken(input: { refreshToken: string }): Promise<SignInResult>
  respondToNewPasswordChallenge(input: {
    email: string
    newPassword: string
    session: string
  }): Promise<SignInResult>
  /** Revokes every token of the user, on every device (GlobalSignOut). */
  signOut(input: { accessToken: string }): Promise<void>
  /** Revokes one sign-in: this refresh token and the access tokens issued from it (RevokeToken). */
  revokeToken(input: { refreshToken: string }): Promise<void>
  changePassword(input: {
    accessToken: string
    previousPassword: string
    proposedPassword: string
  }): Promise<void>
  forgotPassword(input: { email: string }): Promise<void>
  confirmForgotPassword(input: { email: string; code: string; password: string }): Promise<void>
  getUser(input: { accessToken: string }): Promise<UserAttributes>
  updateUserAttributes(input: { accessToken: string; attributes: Partial<UserAttributes> }): Promise<void>
  verifyUserAttribute(input: { accessToken: string; attributeName: 'email'; code: string }): Promise<void>
}

/**
 * Users type their e-mail in any case, fullwidth and with stray spaces; Cognito compares usernames without
 * case only, so the client folds every address to its one form (`foldEmail`, decision 148) before it calls
 * Cognito, keeping sign-up, sign-in and password reset pointing at the same user.
 */
const username = foldEmail

/** A response that breaks the contract is a bug somewhere else: shown as the generic error and reported. */
function parseResponse<T>(parse: () => T, message: string): T {
  try {
    return parse()
  } catch (error) {
    throw new UnexpectedError(message, { cause: error })
  }
}

export function createCognitoAuthClient(
  config: CognitoAuthClientConfig,
  options: CognitoAuthClientOptions = {},
): CognitoAuthClient {
  const { clientId } = config
  const clock = options.clock ?? systemClock
  let loading: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | undefined

  function load() {
    loading ??= import('@aws-sdk/client-cognito-identity-provider').then(
      (sdk) => ({
        sdk,
        client: new sdk.CognitoIdentityProviderClient({
          ...options.sdkConfig,
          region: config.region,
          endpoint: config.endpoint,
        }),
      }),
      (error: unknown) => {
        // The SDK chunk could not be downloaded (offline). Say so, and try again on the next call.
        loading = undefined
        throw new NetworkError(error)
      },
    )
    return loading
  }

  /** Sends the command `make` builds with the SDK, once it is loaded; a refusal becomes the product's error. */
  async function send<I extends ServiceInputTypes, O extends ServiceOutputTypes>(
    make: (
      sdk: CognitoSdk,
    ) => $Command<I, O, CognitoIdentityProviderClientResolvedConfig, ServiceInputTypes, ServiceOutputTypes>,
  ): Promise<O> {
    const { sdk, client } = await load()
    try {
      return await client.send(make(sdk))
    } catch (error) {
      throw fromSdkError(error)
    }
  }

  /** The app client and the user a call is about, as the provider names them. */
  const asUser = (email: string) => ({ ClientId: clientId, Username: username(email) })

  /** Signs in by one flow of the app client: with a password, or with a refresh token. */
  async function initiateAuth(flow: AuthFlowType, parameters: Record<string, string>) {
    return send(
      (sdk) =>
        new sdk.InitiateAuthCommand({ ClientId: clientId, AuthFlow: flow, AuthParameters: parameters }),
    )
  }

  function signInResult(result: AuthenticationResultType | undefined): SignInResult {
    if (result === undefined)
      throw new UnexpectedError('Cognito answered a sign-in without AuthenticationResult')
    const authInfo = parseResponse(
      () => authInfoFromAuthenticationResult(result, clock),
      `Cognito returned an unusable access token (token type ${String(result.TokenType)}; only Bearer is accepted)`,
    )
    const { IdToken } = result
    return {
      authInfo,
      refreshToken: result.RefreshToken,
      user:
        IdToken === undefined
          ? undefined
          : parseResponse(() => decodeIdToken(IdToken), 'Cognito returned an unreadable ID token'),
    }
  }

  return {
    clientId,

    async signUp({ email, password }) {
      await send((sdk) => new sdk.SignUpCommand({ ...asUser(email), Password: password }))
    },

    async resendConfirmationCode({ email }) {
      await send((sdk) => new sdk.ResendConfirmationCodeCommand(asUser(email)))
    },

    async confirmSignUp({ email, code }) {
      await send(
        (sdk) =>
          new sdk.ConfirmSignUpCommand({
            ...asUser(email),
            ConfirmationCode: code,
            // Never take an e-mail away from another account that already uses it as an alias.
            ForceAliasCreation: false,
          }),
      )
    },

    async signIn({ email, password }) {
      const response = await initiateAuth('USER_PASSWORD_AUTH', {
        USERNAME: username(email),
        PASSWORD: password,
      })
      if (response.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        if (response.Session === undefined) {
          throw new UnexpectedError('Cognito asked for a new password without a session')
        }
        throw new NewPasswordRequiredError(username(email), response.Session)
      }
      if (response.ChallengeName !== undefined) {
        throw new UnexpectedError(`Unsupported Cognito challenge ${response.ChallengeName}`)
      }
      return signInResult(response.AuthenticationResult)
    },

    async refreshAccessToken({ refreshToken }) {
      const response = await initiateAuth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken })
      return signInResult(response.AuthenticationResult)
    },

    async respondToNewPasswordChallenge({ email, newPassword, session }) {
      const response = await send(
        (sdk) =>
          new sdk.RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            ChallengeResponses: { USERNAME: username(email), NEW_PASSWORD: newPassword },
            Session: session,
          }),
      )
      return signInResult(response.AuthenticationResult)
    },

    async signOut({ accessToken }) {
      await send((sdk) => new sdk.GlobalSignOutCommand({ AccessToken: accessToken }))
    },

    async revokeToken({ refreshToken }) {
      await send((sdk) => new sdk.RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }))
    },

    async changePassword({ accessToken, previousPassword, proposedPassword }) {
      await send(
        (sdk) =>
          new sdk.ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: previousPassword,
            ProposedPassword: proposedPassword,
          }),
      )
    },

    async forgotPassword({ email }) {
      await send((sdk) => new sdk.ForgotPasswordCommand(asUser(email)))
    },

    async confirmForgotPassword({ email, code, password }) {
      await send(
        (sdk) =>
          new sdk.ConfirmForgotPasswordCommand({
            ...asUser(email),
            ConfirmationCode: code,
            Password: password,
          }),
      )
    },

    async getUser({ accessToken }) {
      const response = await send((sdk) => new sdk.GetUserCommand({ AccessToken: accessToken }))
      return parseResponse(
        () => parseUserAttributes(response.UserAttributes),
        'Cognito returned user attributes without a valid email, email_verified and sub',
      )
    },

    async updateUserAttributes({ accessToken, attributes }) {
      await send(
        (sdk) =>
          new sdk.UpdateUserAttributesCommand({
            AccessToken: accessToken,
            UserAttributes: toUserAttributeList(
              attributes.email === undefined
                ? attributes
                : { ...attributes, email: username(attributes.email) },
            ),
          }),
      )
    },

    async verifyUserAttribute({ accessToken, attributeName, code }) {
      await send(
        (sdk) =>
          new sdk.VerifyUserAttributeCommand({
            AccessToken: accessToken,
            AttributeName: attributeName,
            Code: code,
          }),
      )
    },
  }
}
