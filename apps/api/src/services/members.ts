import type {
  AdminRegistrationWire,
  Clock,
  ParticipantWire,
  ProfileWire,
  RegistrationAdditionalInfoWire,
  RegistrationWire,
} from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { profiles, registrationAdditionalInfo } from '../db/schema.ts'

/*
 * Profiles, registration additional info, the public profile list and the admin participant list, and the
 * mapping of rows to the wire shapes of packages/core.
 */

export interface RegistrationFields {
  registrationTier: string
  badgeName: string
  tShirtSize: string | null
  changingRoomType: string | null
  paymentStatus: string
  paymentUrl: string | null
  expiresAt: Date
}

function registrationBase(row: RegistrationFields): Omit<RegistrationWire, 'payment_status'> {
  return {
    registration_tier: row.registrationTier,
    badge_name: row.badgeName,
    ...(row.tShirtSize === null ? {} : { t_shirt_size: row.tShirtSize }),
    ...(row.changingRoomType === null ? {} : { changing_room_type: row.changingRoomType }),
  } as Omit<RegistrationWire, 'payment_status'>
}

/**
 * The wire shape of a registration. A pending one whose session has passed its expiry reads as expired even
 * before the database says so; one without a checkout session yet (being created) has no wire shape.
 */
export function toRegistrationWire(row: RegistrationFields, now: number): RegistrationWire | undefined {
  const base = registrationBase(row)
  if (row.paymentStatus !== 'pending') {
    return { ...base, payment_status: row.paymentStatus } as RegistrationWire
  }
  if (row.expiresAt.getTime() <= now) return { ...base, payment_status: 'expired' }
  if (row.paymentUrl === null) return undefined
  return {
    ...base,
    payment_status: 'pending',
    payment_url: row.paymentUrl,
    expires_at: row.expiresAt.toISOString(),
  }
}

export async function getProfile(db: Executor, userId: string): Promise<ProfileWire | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row
    ? { privacy: row.privacy as ProfileWire['privacy'], handle_name: row.handleName, urls: row.urls }
    : undefined
}

export async function putProfile(
  db: Executor,
  userId: string,
  profile: ProfileWire,
  clock: Clock,
): Promise<ProfileWire> {
  const values = {
    privacy: profile.privacy,
    handleName: profile.handle_name,
    urls: profile.urls,
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
): Promise<RegistrationAdditionalInfoWire | undefined> {
  const [row] = await db
    .select()
    .from(registrationAdditionalInfo)
    .where(eq(registrationAdditionalInfo.userId, userId))
  if (!row) return undefined
  return row.clubActivityXUsername === null ? {} : { club_activity_x_username: row.clubActivityXUsername }
}

export async function putAdditionalInfo(
  db: Executor,
  userId: string,
  info: RegistrationAdditionalInfoWire,
  clock: Clock,
): Promise<RegistrationAdditionalInfoWire> {
  const values = {
    clubActivityXUsername: info.club_activity_x_username ?? null,
    updatedAt: new Date(clock()),
  }
  await db
    .insert(registrationAdditionalInfo)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: registrationAdditionalInfo.userId, set: values })
  return info.club_activity_x_username === undefined
    ? {}
    : { club_activity_x_username: info.club_activity_x_username }
}

/** Public profiles of participants whose registration is paid, in a stable order. */
export async function publicProfiles(db: Executor): Promise<ProfileWire[]> {
  const rows = await queryRows<{ handle_name: string; urls: string[] }>(
    db,
    sql`
      select p.handle_name, p.urls from profiles p
      where p.privacy = 'public'
        and exists (select 1 from registrations r where r.user_id = p.user_id and r.payment_status = 'paid')
      order by p.handle_name, p.user_id
    `,
  )
  return rows.map((row) => ({ privacy: 'public', handle_name: row.handle_name, urls: row.urls }))
}

interface ParticipantRow {
  user_id: string
  email: string | null
  registration_id: string | null
  registration_tier: string | null
  badge_name: string | null
  t_shirt_size: string | null
  changing_room_type: string | null
  payment_status: string | null
  payment_url: string | null
  expires_at: Date | string | null
  has_additional_info: boolean
  club_activity_x_username: string | null
  privacy: string | null
  handle_name: string | null
  urls: string[] | null
}

/**
 * A registration as admins see it: as its user does, except that one whose checkout session is being opened
 * is shown as pending without a payment URL, because it holds a spot (decision 056).
 */
function toAdminRegistrationWire(row: RegistrationFields, now: number): AdminRegistrationWire | undefined {
  if (row.paymentStatus === 'pending' && row.paymentUrl === null && row.expiresAt.getTime() > now) {
    return { ...registrationBase(row), payment_status: 'pending', expires_at: row.expiresAt.toISOString() }
  }
  return toRegistrationWire(row, now)
}

/**
 * Every member the API has seen, with what they entered. The e-mail is the one last read from Cognito
 * (empty until the first successful read). Every registration holding a spot is listed, including one whose
 * checkout session is being opened.
 */
export async function participants(db: Executor, clock: Clock): Promise<ParticipantWire[]> {
  const rows = await queryRows<ParticipantRow>(
    db,
    sql`
      select u.user_id, u.email,
        r.registration_id, r.registration_tier, r.badge_name, r.t_shirt_size, r.changing_room_type, r.payment_status,
        r.payment_url, r.expires_at,
        a.user_id is not null as has_additional_info, a.club_activity_x_username,
        p.privacy, p.handle_name, p.urls
      from users u
      left join lateral (
        select * from registrations x
        where x.user_id = u.user_id
        order by x.payment_status in ('pending', 'paid') desc, x.created_at desc
        limit 1
      ) r on true
      left join registration_additional_info a on a.user_id = u.user_id
      left join profiles p on p.user_id = u.user_id
      order by u.created_at, u.user_id
    `,
  )
  const now = clock()
  return rows.map((row) => {
    const wire =
      row.payment_status === null ||
      row.registration_tier === null ||
      row.badge_name === null ||
      row.expires_at === null
        ? undefined
        : toAdminRegistrationWire(
            {
              registrationTier: row.registration_tier,
              badgeName: row.badge_name,
              tShirtSize: row.t_shirt_size,
              changingRoomType: row.changing_room_type,
              paymentStatus: row.payment_status,
              paymentUrl: row.payment_url,
              expiresAt: new Date(row.expires_at),
            },
            now,
          )
    // Admins see the registration id too: reception matches registration codes to it.
    const registration = wire && row.registration_id ? { ...wire, id: row.registration_id } : undefined
    return {
      user: { user_id: row.user_id, email: row.email ?? '' },
      ...(registration ? { registration } : {}),
      ...(row.has_additional_info
        ? {
            registration_additional_info:
              row.club_activity_x_username === null
                ? {}
                : { club_activity_x_username: row.club_activity_x_username },
          }
        : {}),
      ...(row.privacy !== null && row.handle_name !== null && row.urls !== null
        ? {
            profile: {
              privacy: row.privacy as ProfileWire['privacy'],
              handle_name: row.handle_name,
              urls: row.urls,
            },
          }
        : {}),
    }
  })
}
