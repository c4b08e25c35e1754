import { z } from 'zod'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * Retention (docs/decisions/161-retention.md): each edition's personal data is erased once its retention period
 * has ended. The committee previews what a run would erase and runs it now; the daily job runs it anyway.
 */

const count = z.number().int().nonnegative()
const instantSchema = z.iso.datetime({ offset: true })

export const retentionEditionWireSchema = component(
  z.object({
    edition_id: z.string(),
    retention_ends_at: instantSchema.describe(
      'When the retention period of the edition ends (its data is due after)',
    ),
    due: z.boolean().describe('The period has ended: a run erases the edition’s personal data'),
    registrations: count.describe(
      'Registrations whose badge name, T-shirt size or changing room is (to be) erased',
    ),
    check_ins: count.describe('Check-ins whose device label is (to be) erased'),
    mails: count.describe(
      'Mails whose delivery error is erased or which are deleted with their waiting-list entry',
    ),
    waiting_list_entries: count.describe('Waiting-list entries (to be) deleted'),
    refunds: count.describe('Refunds and refund attempts whose reason is (to be) erased'),
    audit_entries: count.describe('Audit entries of the edition whose refund reason is (to be) erased'),
  }),
  { id: 'RetentionEdition', description: 'What retention erases of one edition, per kind' },
)
export type RetentionEditionWire = z.infer<typeof retentionEditionWireSchema>

export const retentionReportWireSchema = component(
  z.object({
    at: instantSchema.describe('The API clock when it was computed or run'),
    dry_run: z.boolean().describe('true: nothing was changed, the counts say what a run would erase'),
    changed: z.boolean().describe('Something was (or would be) erased; false: a run changes nothing'),
    editions: z.array(retentionEditionWireSchema).describe('Every edition, the latest event first'),
    accounts: count.describe(
      'Member accounts (Cognito and the profile, X username and e-mail address kept here) (to be) deleted: ' +
        'people with a registration or waiting-list entry in an erased edition and none in a kept one',
    ),
  }),
  { id: 'RetentionReport', description: 'What a retention run erased, or would erase' },
)
export type RetentionReportWire = z.infer<typeof retentionReportWireSchema>

const retentionCountsSchema = z.object({
  registrations: z.number(),
  checkIns: z.number(),
  mails: z.number(),
  waitingListEntries: z.number(),
  refunds: z.number(),
  auditEntries: z.number(),
})
export type RetentionCounts = z.output<typeof retentionCountsSchema>

const retentionEditionSchema = retentionCountsSchema.extend({
  editionId: z.string(),
  retentionEndsAt: z.number(),
  due: z.boolean(),
})
export type RetentionEdition = z.output<typeof retentionEditionSchema>

export const retentionReportSchema = z.object({
  at: z.number(),
  dryRun: z.boolean(),
  changed: z.boolean(),
  editions: z.array(retentionEditionSchema),
  accounts: z.number(),
})
export type RetentionReport = z.output<typeof retentionReportSchema>

export const retentionReportCodec = z.codec(retentionReportWireSchema, retentionReportSchema, {
  decode: (wire) => ({
    ...toClientNames(wire),
    at: Date.parse(wire.at),
    editions: wire.editions.map((edition) => ({
      ...toClientNames(edition),
      retentionEndsAt: Date.parse(edition.retention_ends_at),
    })),
  }),
  encode: (report) => ({
    ...toWireNames(report),
    at: new Date(report.at).toISOString(),
    editions: report.editions.map((edition) => ({
      ...toWireNames(edition),
      retention_ends_at: new Date(edition.retentionEndsAt).toISOString(),
    })),
  }),
})

const admin = routeGroup('admin', 'admin')

/** The committee's view of retention and its "run now". */
export const retentionRoutes = {
  getAdminRetention: admin.get('/admin/retention', {
    staff: 'eraseData',
    summary: 'Preview what retention would erase now (dry run)',
    description:
      'Per edition: when its retention period ends, whether it is due, and how many records of each kind a run ' +
      'would erase; and the member accounts it would delete. Changes nothing.',
    responses: { 200: { description: 'What a run would erase', schema: retentionReportWireSchema } },
  }),
  postAdminRetentionRun: admin.post('/admin/retention/run', {
    staff: 'eraseData',
    summary: 'Erase the personal data of every edition whose retention period has ended, now',
    description:
      'What the daily job does: idempotent (a second run erases nothing and says changed false) and ' +
      'resumable (a run stopped midway is finished by the next). Recorded in the staff audit trail ' +
      '(retentionRun).',
    responses: { 200: { description: 'What the run erased', schema: retentionReportWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
