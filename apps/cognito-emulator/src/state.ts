import type { JsonFile } from './json-file.ts'

type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD'

/** What a code proves: sign-up confirmation, a password reset, or ownership of a (new) e-mail address. */
export type CodePurpose = 'signUp' | 'forgotPassword' | 'verifyEmail'

interface PendingCode {
  code: string
  /** Where the code was sent; for verifyEmail, the address that becomes verified. */
  email: string
  expiresAt: number
}

/** Consecutive failures (wrong passwords or wrong codes) and the lockout they caused. */
export interface Attempts {
  failures: number
  lastFailureAt: number
  lockedUntil: number
}

export interface UserRecord {
  /** The user's UUID, which is also its username: the pools use the e-mail address as a username alias. */
  sub: string
  status: UserStatus
  /** Lower-cased: Cognito's usernames and aliases are case-insensitive here. */
  email: string
  emailVerified: boolean
  /** With attributesRequireVerificationBeforeUpdate: the new address waiting for its code. */
  pendingEmail?: string
  /** Other standard attributes (name, locale, …) as Cognito stores them: strings. */
  attributes: Record<string, string>
  passwordHash: string
  /** Set while the password is temporary (FORCE_CHANGE_PASSWORD). */
  temporaryPasswordExpiresAt?: number
  createdAt: number
  updatedAt: number
  codes: Partial<Record<CodePurpose, PendingCode>>
  codeAttempts: Partial<Record<CodePurpose, Attempts>>
  signInAttempts: Attempts
  /** When the code mails asked for again in the last hour were sent (ms), for Cognito's hourly limit. */
  codeMailsRequestedAt?: number[]
  /** AdminDisableUser: the user cannot sign in and every token it holds is revoked. Absent means enabled. */
  disabled?: boolean
}

/** A user pool group (CreateGroup) and its members' subs, in the order they were added. */
export interface GroupRecord {
  name: string
  description?: string
  /** Lower wins when a user is in several groups; Cognito lists the groups in tokens by it. */
  precedence?: number
  roleArn?: string
  createdAt: number
  updatedAt: number
  members: string[]
}

/** One sign-in: its refresh token and every access token issued from it share its id (origin_jti). */
export interface AuthSession {
  originJti: string
  poolId: string
  sub: string
  clientId: string
  /** Seconds since the epoch, as the auth_time claim. */
  authTime: number
  refreshTokenHash: string
  refreshTokenExpiresAt: number
  revoked: boolean
}

/** The Session string of a pending NEW_PASSWORD_REQUIRED challenge. */
interface ChallengeSession {
  sessionHash: string
  poolId: string
  sub: string
  clientId: string
  challengeName: 'NEW_PASSWORD_REQUIRED'
  expiresAt: number
}

export type MailKind = 'sign_up' | 'resend' | 'forgot_password' | 'verify_email' | 'admin_invite'

/** A message the emulator would have e-mailed, kept for the dev mailbox. */
export interface MailMessage {
  id: string
  pool: string
  poolId: string
  email: string
  kind: MailKind
  /** The verification code, or for admin_invite the temporary password. */
  code: string
  sentAt: string
}

export interface State {
  version: 1
  /** Users by pool id, then by sub. */
  users: Record<string, Record<string, UserRecord>>
  /** Groups by pool id, then by group name. Absent in state written before groups existed. */
  groups?: Record<string, Record<string, GroupRecord>>
  sessions: Record<string, AuthSession>
  challenges: Record<string, ChallengeSession>
  mailbox: MailMessage[]
}

const mailboxLimit = 1000
/**
 * How long expired sessions are kept: access tokens outlive the refresh token that issued them by at most
 * their own lifetime (an hour), and they must still be found to be told apart from forged ones.
 */
const sessionGrace = 60 * 60 * 1000

/**
 * The emulator's whole state, in memory, written to one JSON file after every request that changed it.
 * Requests are serialised (see Emulator), so a write always holds a consistent state.
 */
export class StateStore {
  readonly state: State
  readonly #file: JsonFile<State>
  #written: string

  constructor(file: JsonFile<State>) {
    this.#file = file
    const stored = file.read()
    this.state =
      stored?.version === 1 ? stored : { version: 1, users: {}, sessions: {}, challenges: {}, mailbox: [] }
    this.#written = stored ? JSON.stringify(stored) : ''
  }

  usersOf(poolId: string): Record<string, UserRecord> {
    this.state.users[poolId] ??= {}
    return this.state.users[poolId]
  }

  groupsOf(poolId: string): Record<string, GroupRecord> {
    this.state.groups ??= {}
    this.state.groups[poolId] ??= {}
    return this.state.groups[poolId]
  }

  /** Drops what can no longer be used, then writes the state if it changed since the last write. */
  save(now: number): void {
    const { state } = this
    for (const [id, session] of Object.entries(state.sessions)) {
      if (session.refreshTokenExpiresAt + sessionGrace < now) delete state.sessions[id]
    }
    // Expired challenges stay a while, so a late answer hears "session is expired" rather than "invalid".
    for (const [id, challenge] of Object.entries(state.challenges)) {
      if (challenge.expiresAt + sessionGrace < now) delete state.challenges[id]
    }
    state.mailbox.splice(mailboxLimit)
    const text = JSON.stringify(state)
    if (text === this.#written) return
    this.#file.write(state)
    this.#written = text
  }
}
