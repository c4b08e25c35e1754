import pg from 'pg'
import { databasePasswordSource, type FetchSecret } from './secrets.ts'

/**
 * Makes every PostgreSQL connection of this process that has no password of its own (DATABASE_URL carries
 * none, databaseUrlFromRdsSecret) ask the database secret for the current one when it opens. node-postgres
 * takes a function as the password, and its defaults apply to every pool and client the API creates, so the
 * API itself needs no change. The bundle holds one copy of pg (a test checks), so these are the defaults the
 * API's pool reads.
 */
export function useDatabasePassword(secretId: string, fetchSecret: FetchSecret): void {
  pg.defaults.password = databasePasswordSource(secretId, fetchSecret)
}
