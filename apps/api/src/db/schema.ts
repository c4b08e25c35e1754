/*
 * The API's tables, gathered from their blocks. Migrations in ../../drizzle are generated from this file with
 * `pnpm db:generate` and committed; the API applies them at start (src/db/migrate.ts). Each block imports the
 * tables it refers to from its own file, never from here, so the blocks form no import cycle.
 */

// Add-on products and their purchases (decision 178), see addon-schema.ts.
export * from './addon-schema.ts'
// Announcements of the committee and who they were mailed to (decision 173), see announcement-schema.ts.
export * from './announcement-schema.ts'
// Staff's note and attention flag for the door (decision 175), see attention-schema.ts.
export * from './attention-schema.ts'
// The staff audit trail (decision 157), see audit-schema.ts.
export * from './audit-schema.ts'
// Access tokens Cognito refused, shared between instances (decision 147), see auth-schema.ts.
export * from './auth-schema.ts'
// Printed badge marks (decision 170), see badge-print-schema.ts.
export * from './badge-print-schema.ts'
// Feature flags, users, tiers, registrations, profiles, additional info, signing keys.
export * from './base-schema.ts'
// Reception check-ins, see check-in-schema.ts.
export * from './check-in-schema.ts'
// Editions (decision 155): the festival as data, see edition-schema.ts.
export * from './edition-schema.ts'
// Goods ticked as handed out at the door (decision 180), see goods-schema.ts.
export * from './goods-schema.ts'
// A minor's guardian (decision 184), see guardian-schema.ts.
export * from './guardian-schema.ts'
// Mail (decision 100): the transactional outbox, see mail-schema.ts.
export * from './mail-schema.ts'
// Payments: Stripe webhook events applied once, see payment-schema.ts.
export * from './payment-schema.ts'
// Web Push (decision 176): subscriptions without personal data and the push outbox, see push-schema.ts.
export * from './push-schema.ts'
// Cancellations with a refund (decision 111): audit records and provider attempts, see refund-schema.ts.
export * from './refund-schema.ts'
// Paid participants' moves to another tier (decision 167), see tier-change-schema.ts.
export * from './tier-change-schema.ts'
// The timetable of each edition (decision 172): the draft and every published version, see timetable-schema.ts.
export * from './timetable-schema.ts'
// The waiting list (decision 115), see waiting-list-schema.ts.
export * from './waiting-list-schema.ts'
