export {
  isSessionExpiredError,
  NewPasswordRequiredError,
  RefreshTokenNotFoundError,
  refreshTokenNotFoundMessage,
} from './auth-errors.ts'
export * from './auth-session.ts'
export * from './cognito-auth-client.ts'
export { decodeIdToken } from './id-token.ts'
