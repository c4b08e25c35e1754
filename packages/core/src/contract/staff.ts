import { z } from 'zod'
import { staffAuditActions } from '../domain/staff-audit.ts'
import { staffRoles } from '../domain/staff-roles.ts'
import { emailSchema } from '../validation/fields.ts'
import { listCodec, toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * Staff management and the staff audit trail (docs/decisions/157-staff-audit-trail.md): the committee invites
 * staff into the admins pool, gives each one role, disables and enables them, and reads who did what.
 */

const staffRoleSchema = z.enum(staffRoles)
const staffAuditActionSchema = z.enum(staffAuditActions)

export const staffMemberWireSchema = component(
  z.object({
    user: z.string().describe("The staff member's Cognito username (their sub)"),
    email: z.string(),
    roles: z.array(staffRoleSchema),
    enabled: z.boolean(),
    status: z.string().describe("Cognito's UserStatus: FORCE_CHANGE_PASSWORD until the first sign-in"),
  }),
  { id: 'StaffMember', description: 'A staff account of the admins pool with its roles' },
)
export type StaffMemberWire = z.infer<typeof staffMemberWireSchema>
/** The wire shape is the client shape: its names are single words. */
export type StaffMember = z.output<typeof staffMemberWireSchema>

export const staffListWireSchema = listComponent(staffMemberWireSchema, {
  id: 'StaffList',
  description: 'Every staff member',
})
const identity = <T>(value: T): T => value
export const staffMemberCodec = z.codec(staffMemberWireSchema, staffMemberWireSchema, {
  decode: identity,
  encode: identity,
})
export const staffListCodec = listCodec(staffListWireSchema, staffMemberWireSchema, identity, identity)

export const staffInvitationWireSchema = component(z.object({ email: emailSchema, role: staffRoleSchema }), {
  id: 'StaffInvitation',
  description: 'Who to invite, with the one role they get',
})
export const staffInvitationCodec = z.codec(staffInvitationWireSchema, staffInvitationWireSchema, {
  decode: identity,
  encode: identity,
})
export type StaffInvitation = z.output<typeof staffInvitationWireSchema>

export const staffRoleChangeWireSchema = component(z.object({ role: staffRoleSchema }), {
  id: 'StaffRoleChange',
  description: 'The one role the staff member has from now on',
})
export const staffRoleChangeCodec = z.codec(staffRoleChangeWireSchema, staffRoleChangeWireSchema, {
  decode: identity,
  encode: identity,
})

export const auditEntryWireSchema = component(
  z.object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    actor_id: z.string(),
    actor_email: z.string().optional(),
    action: staffAuditActionSchema,
    subject: z.string(),
    details: z.record(z.string(), z.unknown()),
    edition_id: z.string().optional(),
  }),
  { id: 'AuditEntry', description: 'One staff action in the audit trail' },
)
export type AuditEntryWire = z.infer<typeof auditEntryWireSchema>

export const auditEntrySchema = z.object({
  id: z.number(),
  /** Epoch ms. */
  at: z.number(),
  actorId: z.string(),
  actorEmail: z.string().optional(),
  action: staffAuditActionSchema,
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
  editionId: z.string().optional(),
})
export type AuditEntry = z.output<typeof auditEntrySchema>

export const auditPageWireSchema = component(
  z.object({
    items: z.array(auditEntryWireSchema),
    next_cursor: z.string().optional().describe('Present when older entries match: ask with it as cursor'),
  }),
  { id: 'AuditPage', description: 'A page of the audit trail, newest first' },
)
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().optional(),
})
export type AuditPage = z.output<typeof auditPageSchema>

export const auditPageCodec = z.codec(auditPageWireSchema, auditPageSchema, {
  decode: (wire) => ({
    ...toClientNames({ nextCursor: wire.next_cursor }),
    items: wire.items.map(({ at, ...entry }) => ({ ...toClientNames(entry), at: Date.parse(at) })),
  }),
  encode: (page) => ({
    ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
    items: page.items.map(({ at, ...entry }) => ({ ...toWireNames(entry), at: toIso(at) })),
  }),
})

export const auditQueryWireSchema = z.object({
  action: staffAuditActionSchema.optional(),
  actor: z.string().max(254).optional().describe("A staff member's sub or e-mail address"),
  from: z.iso.datetime({ offset: true }).optional().describe('Entries at or after this instant'),
  to: z.iso.datetime({ offset: true }).optional().describe('Entries before this instant'),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe('The next_cursor of the previous page'),
})
export type AuditQueryWire = z.infer<typeof auditQueryWireSchema>

export const auditExportWireSchema = component(
  z.object({
    list: z.enum(['participants', 'audit', 'refunds']).describe('Which list the reception downloaded'),
    rows: z.number().int().min(0),
  }),
  { id: 'AuditExport', description: 'A CSV download the reception made' },
)
export const auditExportCodec = z.codec(auditExportWireSchema, auditExportWireSchema, {
  decode: identity,
  encode: identity,
})

const admin = routeGroup('admin', 'staff')
const userParams = z.object({ user: z.string().min(1).max(128) })

/** Staff management and the audit trail. */
export const staffRoutes = {
  getAdminStaff: admin.get('/admin/staff', {
    staff: 'manageStaff',
    summary: 'List the staff accounts with their roles',
    responses: { 200: { description: 'Every staff member', schema: staffListWireSchema } },
  }),
  postAdminStaff: admin.post('/admin/staff', {
    staff: 'manageStaff',
    summary: 'Invite a staff member by e-mail with one role',
    description:
      'Creates the account in the admins pool; Cognito mails the temporary password. 409 staffExists when ' +
      'the address has an account already.',
    request: { body: staffInvitationWireSchema },
    responses: { 201: { description: 'The invited staff member', schema: staffMemberWireSchema } },
  }),
  putAdminStaffRole: admin.put('/admin/staff/{user}/role', {
    staff: 'manageStaff',
    summary: "Set a staff member's one role",
    description:
      'Removes the other roles. A committee member cannot leave the committee (409 staffSelfChange).',
    request: { params: userParams, body: staffRoleChangeWireSchema },
    responses: { 200: { description: 'The staff member now', schema: staffMemberWireSchema } },
  }),
  postAdminStaffDisable: admin.post('/admin/staff/{user}/disable', {
    staff: 'manageStaff',
    summary: 'Disable a staff account',
    description: 'The account can no longer sign in. Not one’s own (409 staffSelfChange).',
    request: { params: userParams },
    responses: { 200: { description: 'The staff member now', schema: staffMemberWireSchema } },
  }),
  postAdminStaffEnable: admin.post('/admin/staff/{user}/enable', {
    staff: 'manageStaff',
    summary: 'Enable a disabled staff account',
    request: { params: userParams },
    responses: { 200: { description: 'The staff member now', schema: staffMemberWireSchema } },
  }),
  getAdminAudit: admin.get('/admin/audit', {
    staff: 'readAudit',
    summary: 'Read the staff audit trail, newest first',
    request: { query: auditQueryWireSchema },
    responses: { 200: { description: 'A page of entries', schema: auditPageWireSchema } },
  }),
  postAdminAuditExport: admin.post('/admin/audit/exports', {
    staff: 'exportWithEmail',
    summary: 'Record a CSV download made by the reception',
    description: 'The reception builds its CSV files from its own data; it says here that it did.',
    request: { body: auditExportWireSchema },
    responses: { 204: { description: 'Recorded' } },
  }),
} as const satisfies Record<string, RouteDefinition>
