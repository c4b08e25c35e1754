import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './columns.ts'

/*
 * Access tokens Cognito refused (decision 147). Kept apart from schema.ts, which re-exports it. An instance that
 * hears Cognito refuse a token writes it here, so every instance refuses it while Cognito cannot be asked.
 */
export const revokedAccessTokens = pgTable(
  'revoked_access_tokens',
  {
    /** The token's `jti`: one sign-in's access token, never the user, so one tablet's sign-out ends no other. */
    tokenId: text('token_id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The token's own expiry: after it the signature check refuses the token anyway, and the row can go. */
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at').notNull(),
  },
  (table) => [index('revoked_access_tokens_expiry').on(table.expiresAt)],
)
