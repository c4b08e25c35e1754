import type {
  AdminRegistration,
  ChangingRoomType,
  Clock,
  ComplimentaryKind,
  Participant,
  PaymentStatus,
  Profile,
  ProfilePrivacy,
  Registration,
  RegistrationAdditionalInfo,
  RegistrationTier,
  TShirtSize,
} from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Executor, queryRows } from '../db/database.ts'
import { profiles, registrationAdditionalInfo, registrations } from '../db/schema.ts'
import { currentRegistrationFirst } from './registration-queries.ts'

/*
 * Profiles, registration additional info, the public profile list and the admin participant list, read from
 * their rows into core's domain shapes (core's codecs turn them into the wire).
 */

export interface RegistrationFields {
  registrationTier: RegistrationTier
  badgeName: string
  tShirtSize: TShirtSize | null
  changingRoomType: ChangingRoomType | null
  accessNeeds: string | null
  /** Registered by the desk without payment (decision 185); left out where it does not matter. */
  complimentaryKind?: ComplimentaryKind | null
  paymentStatus: PaymentStatus
  paymentUrl: string | null
  expiresAt: Date
}

function registrationBase(row: RegistrationFields) {
  return {
    registrationTier: row.registrationTier,
    badgeName: row.badgeName,
    ...(row.tShirtSize === null ? {} : { tShirtSize: row.tShirtSize }),
    ...(row.changingRoomType === null ? {} : { changingRoomType: row.changingRoomType }),
    ...(row.accessNeeds === null ? {} : { accessNeeds: row.accessNeeds }),
  }
}

/**
 * A registration as its member sees it. A pending one whose session has passed its expiry reads as expired even
 * before the database says so; one without a checkout session yet (being created) is not shown.
 */
export function toRegistration(row: RegistrationFields, now: number): Registration | undefined {
  const base = registrationBase(row)
  if (row.paymentStatus !== 'pending') {
    return { ...base, paymentStatus: row.paymentStatus }
  }
  if (row.expiresAt.getTime() <= now) return { ...base, paymentStatus: 'expired' }
  if (row.paymentUrl === null) return undefined
  return { ...base, paymentStatus: 'pending', paymentUrl: row.paymentUrl, expiresAt: row.expiresAt.getTime() }
}

const toProfile = (row: { privacy: ProfilePrivacy; handleName: string; urls: string[] }): Profile => ({
  privacy: row.privacy,
  handleName: row.handleName,
  linkUrls: row.urls,
})

const toAdditionalInfo = (clubActivityXUsername: string | null): RegistrationAdditionalInfo =>
  clubActivityXUsername === null ? {} : { clubActivityXUsername }

export async function getProfile(db: Executor, userId: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row ? toProfile(row) : undefined
}

export async function putProfile(
  db: Executor,
  userId: string,
  profile: Profile,
  clock: Clock,
): Promise<Profile> {
  const values = {
    privacy: profile.privacy,
    handleName: profile.handleName,
    urls: profile.linkUrls,
    updatedAt: new Date(clock()),
  }
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values })
  return profile
}

export async function getAdditionalInfo(
  db: Executor,
  userId: string,
): Promise<RegistrationAdditionalInfo | undefined> {
  const [row] = await db
    .select()
    .from(registrationAdditionalInfo)
    .where(eq(registrationAdditionalInfo.userId, userId))
  return row ? toAdditionalInfo(row.clubActivityXUsername) : undefined
}

export async function putAdditionalInfo(
  db: Executor,
  userId: string,
  info: RegistrationAdditionalInfo,
  clock: Clock,
): Promise<RegistrationAdditionalInfo> {
  const values = {
    clubActivityXUsername: info.clubActivityXUsername ?? null,
    updatedAt: new Date(clock()),
  }
  await db
    .insert(registrationAdditionalInfo)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: registrationAdditionalInfo.userId, set: values })
  return toAdditionalInfo(values.clubActivityXUsername)
}

/** Public profiles of participants whose registration is paid, in a stable order. */
export async function publicProfiles(db: Executor): Promise<Profile[]> {
  const rows = await queryRows<{ handle_name: string; urls: string[] }>(
    db,
    sql`
      select p.handle_name, p.urls from profiles p
      where p.privacy = 'public'
        and exists (select 1 from registrations r where r.user_id = p.user_id and r.payment_status = 'paid')
      order by p.handle_name, p.user_id
    `,
  )
  return rows.map((row) => ({ privacy: 'public', handleName: row.handle_name, linkUrls: row.urls }))
}

/** A row of the participant list's statement; the enumerations are as the columns' checks allow. */
interface ParticipantRow {
  user_id: string
  email: string | null
  registration_id: string | null
  badge_number: number | null
  registration_tier: RegistrationTier | null
  badge_name: string | null
  t_shirt_size: TShirtSize | null
  changing_room_type: ChangingRoomType | null
  access_needs: string | null
  complimentary_kind: ComplimentaryKind | null
  payment_status: PaymentStatus | null
  payment_url: string | null
  expires_at: Date | string | null
  has_additional_info: boolean
  club_activity_x_username: string | null
  privacy: ProfilePrivacy | null
  handle_name: string | null
  urls: string[] | null
  attention_flagged: boolean | null
  attention_note: string | null
  addons: { code: string; name_ja: string; name_en: string }[] | null
}

/**
 * A registration as admins see it: as its user does, except that one whose checkout session is being opened
 * is shown as pending without a payment URL, because it holds a spot (decision 056).
 */
export function toAdminRegistration(row: RegistrationFields, now: number): AdminRegistration | undefined {
  if (row.paymentStatus === 'pending' && row.paymentUrl === null && row.expiresAt.getTime() > now) {
    return { ...registrationBase(row), paymentStatus: 'pending', expiresAt: row.expiresAt.getTime() }
  }
  const registration = toRegistration(row, now)
  if (registration?.paymentStatus === 'pending' || !row.complimentaryKind) return registration
  return registration && { ...registration, complimentary: row.complimentaryKind }
}

/** The registrations of the participant list's lateral join, each user's current one first. */
const latest = alias(registrations, 'x')

/**
 * Every member the API has seen, with what they entered and their registration in an edition (decision 158).
 * The e-mail is the one last read from Cognito (empty until the first successful read). Every registration
 * holding a spot is listed, including one whose checkout session is being opened.
 */
export async function participants(db: Executor, clock: Clock, editionId: string): Promise<Participant[]> {
  const rows = await queryRows<ParticipantRow>(
    db,
    sql`
      select u.user_id, u.email,
        r.registration_id, r.badge_number, r.registration_tier, r.badge_name, r.t_shirt_size, r.changing_room_type,
        r.access_needs, r.complimentary_kind,
        r.payment_status,
        r.payment_url, r.expires_at,
        a.user_id is not null as has_additional_info, a.club_activity_x_username,
        p.privacy, p.handle_name, p.urls,
        n.flagged as attention_flagged, n.note as attention_note,
        (select json_agg(json_build_object('code', ap.product_code, 'name_ja', pr.name_ja, 'name_en', pr.name_en)
           order by ap.product_code)
         from addon_purchases ap
         join addon_products pr on pr.edition_id = ap.edition_id and pr.code = ap.product_code
         where ap.registration_id = r.registration_id and ap.status = 'paid') as addons
      from users u
      left join lateral (
        select * from registrations x
        where x.user_id = u.user_id and x.edition_id = ${editionId}
        order by ${sql.join(currentRegistrationFirst(latest), sql`, `)}
        limit 1
      ) r on true
      left join registration_additional_info a on a.user_id = u.user_id
      left join profiles p on p.user_id = u.user_id
      left join registration_attention n on n.registration_id = r.registration_id
      order by u.created_at, u.user_id
    `,
  )
  const now = clock()
  return rows.map((row) => {
    const registration =
      row.payment_status === null ||
      row.registration_tier === null ||
      row.badge_name === null ||
      row.expires_at === null
        ? undefined
        : toAdminRegistration(
            {
              registrationTier: row.registration_tier,
              badgeName: row.badge_name,
              tShirtSize: row.t_shirt_size,
              changingRoomType: row.changing_room_type,
              accessNeeds: row.access_needs,
              complimentaryKind: row.complimentary_kind,
              paymentStatus: row.payment_status,
              paymentUrl: row.payment_url,
              expiresAt: new Date(row.expires_at),
            },
            now,
          )
    return {
      user: { userId: row.user_id, email: row.email ?? '' },
      // Admins see the registration id too: reception matches registration codes to it.
      ...(registration && row.registration_id
        ? {
            registration: {
              ...registration,
              registrationId: row.registration_id,
              // The badge's short number (decision 189), given when it was first paid.
              ...(registration.paymentStatus !== 'pending' && row.badge_number !== null
                ? { badgeNumber: row.badge_number }
                : {}),
            },
          }
        : {}),
      ...(row.has_additional_info
        ? { registrationAdditionalInfo: toAdditionalInfo(row.club_activity_x_username) }
        : {}),
      ...(row.privacy !== null && row.handle_name !== null && row.urls !== null
        ? { profile: toProfile({ privacy: row.privacy, handleName: row.handle_name, urls: row.urls }) }
        : {}),
      // What staff want the door to know (decision 175) travels with the registration to every device.
      ...(registration && row.attention_flagged !== null && row.attention_note !== null
        ? { attention: { flagged: row.attention_flagged, note: row.attention_note } }
        : {}),
      // The add-ons it paid for (decision 178): the door hands over their tickets, offline too.
      ...(registration && row.addons?.length
        ? {
            addons: row.addons.map(({ code, name_ja, name_en }) => ({
              code,
              name: { ja: name_ja, en: name_en },
            })),
          }
        : {}),
    }
  })
}
