import { z } from 'zod'
import { validationMessage } from '../errors/catalogue.ts'
import { type CalendarDate, startOfDayInTokyo } from './date.ts'

/*
 * The timetable of an edition as data (docs/decisions/172-timetable-as-data.md): sessions with their start and
 * end (instants, entered and shown in Japan time), stage, title, description and notes in ja and en, and tags from
 * a fixed list. The committee edits a draft; every publication is kept as a numbered version.
 */

/** What a session can be filtered by, besides its stage. Fixed here so the site can translate every one. */
export const timetableTags = [
  'stage',
  'ceremony',
  'clubActivity',
  'fursuit',
  'workshop',
  'music',
  'photo',
  'dealers',
  'break',
] as const
export type TimetableTag = (typeof timetableTags)[number]

const required = (max: number) => z.string().trim().min(1, validationMessage('required')).max(max)
const optional = (max: number) => z.string().trim().max(max)
const requiredText = z.object({ ja: required(200), en: required(200) })
const optionalText = (max: number) => z.object({ ja: optional(max), en: optional(max) })

/** An id a session keeps across versions (and in favourites on the devices): lower case, digits, hyphens. */
export const timetableSessionIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/

const instant = z
  .number({ error: validationMessage('dateTimeInvalid') })
  .int(validationMessage('dateTimeInvalid'))

export const timetableSessionSchema = z
  .object({
    id: z.string().regex(timetableSessionIdPattern, validationMessage('sessionIdInvalid')),
    /** Epoch milliseconds. */
    startsAt: instant,
    endsAt: instant,
    stage: requiredText,
    title: requiredText,
    description: optionalText(2000),
    tags: z
      .array(z.enum(timetableTags, { error: validationMessage('tagUnknown') }))
      .max(timetableTags.length),
    /** Practical notes, such as step-free access or a queue. */
    notes: optionalText(500),
  })
  .superRefine((session, context) => {
    if (session.endsAt <= session.startsAt) {
      context.addIssue({
        code: 'custom',
        input: session.endsAt,
        path: ['endsAt'],
        message: validationMessage('timeOrder'),
      })
    }
  })
export type TimetableSession = z.output<typeof timetableSessionSchema>

/** At most this many sessions in one timetable: far more than one day holds, few enough to send as one answer. */
export const maxTimetableSessions = 300

/** A timetable as the committee saves it: each session valid, no id twice, in the order given. */
export const timetableSessionsSchema = z
  .array(timetableSessionSchema)
  .max(maxTimetableSessions)
  .superRefine((sessions, context) => {
    const seen = new Set<string>()
    sessions.forEach((session, index) => {
      if (seen.has(session.id)) {
        context.addIssue({
          code: 'custom',
          input: session.id,
          path: [index, 'id'],
          message: validationMessage('sessionIdRepeated'),
        })
      }
      seen.add(session.id)
    })
  })

/** Sessions by start, then stage (Japanese name), then title, as the page and the editor list them. */
export function sortedSessions<T extends Pick<TimetableSession, 'startsAt' | 'endsAt' | 'stage' | 'id'>>(
  sessions: readonly T[],
): T[] {
  return [...sessions].sort(
    (a, b) =>
      a.startsAt - b.startsAt ||
      a.endsAt - b.endsAt ||
      a.stage.ja.localeCompare(b.stage.ja) ||
      a.id.localeCompare(b.id),
  )
}

/** What is on at an instant, and what starts next (the sessions that start at the next start time). */
export function nowAndNext<T extends Pick<TimetableSession, 'startsAt' | 'endsAt'>>(
  sessions: readonly T[],
  epochMs: number,
): { now: T[]; next: T[] } {
  const now = sessions.filter((session) => session.startsAt <= epochMs && epochMs < session.endsAt)
  const upcoming = sessions.filter((session) => session.startsAt > epochMs)
  const nextStart = Math.min(...upcoming.map((session) => session.startsAt))
  return { now, next: upcoming.filter((session) => session.startsAt === nextStart) }
}

/** The stages of a timetable, each once, in the order of their first session. */
export function timetableStages(sessions: readonly Pick<TimetableSession, 'stage' | 'startsAt'>[]) {
  const stages = new Map<string, TimetableSession['stage']>()
  for (const session of [...sessions].sort((a, b) => a.startsAt - b.startsAt)) {
    if (!stages.has(session.stage.ja)) stages.set(session.stage.ja, session.stage)
  }
  return [...stages.values()]
}

const tokyoOffsetMs = 9 * 60 * 60 * 1000
const localDateTime = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/

/** An instant as the committee's spreadsheet writes it: `YYYY-MM-DD HH:MM` in Japan. */
export function formatJapanDateTime(epochMs: number): string {
  return new Date(epochMs + tokyoOffsetMs).toISOString().slice(0, 16).replace('T', ' ')
}

/** `YYYY-MM-DD HH:MM` in Japan as an instant; undefined for anything else (an impossible date included). */
export function parseJapanDateTime(value: string): number | undefined {
  const match = localDateTime.exec(value.trim())
  if (!match) return undefined
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const epochMs = Date.UTC(year, month - 1, day, hour, minute) - tokyoOffsetMs
  return formatJapanDateTime(epochMs) === value.trim() ? epochMs : undefined
}

/** One session of the seeded timetable: Japan times on the event day, names in ja and en. */
interface SeedSession {
  id: string
  from: string
  to: string
  stage: 'hall' | 'club' | 'dealers'
  title: [string, string]
  tags: TimetableTag[]
  description?: [string, string]
  notes?: [string, string]
}

const seedStages = {
  hall: { ja: 'メインホール', en: 'Main hall' },
  club: { ja: '部活エリア', en: 'Club area' },
  dealers: { ja: '物販エリア', en: 'Dealer area' },
}

const stepFree: [string, string] = [
  '段差なしで入れます。車いす席は前方右側です。',
  'Step-free entrance; wheelchair spaces at the front right.',
]

/** The day as the site's copy describes it: the main hall's programme, the club area and the dealer area. */
const seedProgramme: SeedSession[] = [
  {
    id: 'doors-open',
    from: '09:30',
    to: '10:00',
    stage: 'hall',
    title: ['開場・受付', 'Doors open, reception'],
    tags: [],
    notes: ['受付はコードを表示してお待ちください。', 'Have your registration code ready at reception.'],
  },
  {
    id: 'opening',
    from: '10:00',
    to: '10:30',
    stage: 'hall',
    title: ['開会式', 'Opening ceremony'],
    tags: ['stage', 'ceremony'],
    notes: stepFree,
  },
  {
    id: 'parade',
    from: '10:30',
    to: '11:30',
    stage: 'hall',
    title: ['着ぐるみパレード', 'Fursuit parade'],
    tags: ['stage', 'fursuit', 'photo'],
    description: ['着ぐるみ参加者がホールを一周します。', 'Fursuiters walk once around the hall.'],
    notes: stepFree,
  },
  {
    id: 'talk-show',
    from: '11:30',
    to: '12:30',
    stage: 'hall',
    title: ['トークショー：いまのケモノアート', 'Talk show: furry art today'],
    tags: ['stage'],
    notes: stepFree,
  },
  {
    id: 'lunch',
    from: '12:30',
    to: '13:30',
    stage: 'hall',
    title: ['昼休憩', 'Lunch break'],
    tags: ['break'],
  },
  {
    id: 'song-festival',
    from: '13:30',
    to: '14:30',
    stage: 'hall',
    title: ['ケモノ歌謡祭', 'Furry song festival'],
    tags: ['stage', 'music'],
    notes: stepFree,
  },
  {
    id: 'group-photo',
    from: '14:30',
    to: '15:30',
    stage: 'hall',
    title: ['集合写真', 'Group photo'],
    tags: ['photo', 'fursuit'],
  },
  {
    id: 'dj-set',
    from: '15:30',
    to: '17:00',
    stage: 'hall',
    title: ['DJタイム', 'DJ set'],
    tags: ['stage', 'music'],
    notes: ['大きな音が出ます。耳栓を受付で配っています。', 'Loud music; earplugs at reception.'],
  },
  {
    id: 'closing',
    from: '17:00',
    to: '17:30',
    stage: 'hall',
    title: ['閉会式', 'Closing ceremony'],
    tags: ['stage', 'ceremony'],
    notes: stepFree,
  },
  {
    id: 'photo-club',
    from: '10:30',
    to: '12:00',
    stage: 'club',
    title: ['写真部 撮影会', 'Photo club shoot'],
    tags: ['clubActivity', 'photo', 'fursuit'],
  },
  {
    id: 'cooking-club',
    from: '12:00',
    to: '13:00',
    stage: 'club',
    title: ['料理部 試食会', 'Cooking club tasting'],
    tags: ['clubActivity'],
    notes: ['原材料の表示があります。', 'Ingredients are listed at the table.'],
  },
  {
    id: 'drawing-board-games',
    from: '13:00',
    to: '15:00',
    stage: 'club',
    title: ['お絵描き部・ボードゲーム部', 'Drawing and board game clubs'],
    tags: ['clubActivity', 'workshop'],
  },
  {
    id: 'fursuit-walk',
    from: '15:00',
    to: '16:00',
    stage: 'club',
    title: ['着ぐるみ散歩部', 'Fursuit walk club'],
    tags: ['clubActivity', 'fursuit'],
  },
  {
    id: 'newsletter',
    from: '16:00',
    to: '17:00',
    stage: 'club',
    title: ['新聞部 会報づくり', 'Journalism club newsletter'],
    tags: ['clubActivity', 'workshop'],
  },
  {
    id: 'dealers',
    from: '10:00',
    to: '17:00',
    stage: 'dealers',
    title: ['物販エリア', 'Dealer area'],
    tags: ['dealers'],
    notes: stepFree,
  },
]

/** The timetable a new database starts with for its first edition, on that edition's event day. */
export function seedTimetable(eventDate: CalendarDate): TimetableSession[] {
  const at = (time: string) => {
    const [hour, minute] = time.split(':').map(Number) as [number, number]
    return startOfDayInTokyo(eventDate) + (hour * 60 + minute) * 60_000
  }
  const pair = (value: [string, string] | undefined) => ({ ja: value?.[0] ?? '', en: value?.[1] ?? '' })
  return seedProgramme.map((session) => ({
    id: session.id,
    startsAt: at(session.from),
    endsAt: at(session.to),
    stage: seedStages[session.stage],
    title: pair(session.title),
    description: pair(session.description),
    tags: session.tags,
    notes: pair(session.notes),
  }))
}

/** The fields of a session's form, by the dotted path of the session's field; one switch per tag (`tags.music`). */
export type TimetableSessionFormValues = Record<string, string | boolean>

const localFields = ['stage', 'title', 'description', 'notes'] as const

/** A session's form: its times as `YYYY-MM-DD HH:MM` in Japan; an empty form starts on `day` at 10:00. */
export function timetableSessionFormValues(
  session: TimetableSession | undefined,
  day: CalendarDate,
): TimetableSessionFormValues {
  const start = session?.startsAt ?? startOfDayInTokyo(day) + 10 * 60 * 60_000
  const values: TimetableSessionFormValues = {
    id: session?.id ?? '',
    startsAt: formatJapanDateTime(start),
    endsAt: formatJapanDateTime(session?.endsAt ?? start + 60 * 60_000),
  }
  for (const field of localFields) {
    values[`${field}.ja`] = session?.[field].ja ?? ''
    values[`${field}.en`] = session?.[field].en ?? ''
  }
  for (const tag of timetableTags) values[`tags.${tag}`] = session?.tags.includes(tag) ?? false
  return values
}

/**
 * A session's form checked as it is typed, each issue under its field's path. `otherIds` are the ids of the
 * timetable's other sessions: an id already used is refused here, before the API would refuse the timetable.
 */
export function timetableSessionFormSchema(otherIds: readonly string[]) {
  return {
    safeParse(values: TimetableSessionFormValues) {
      const text = (path: string) => String(values[path] ?? '')
      const instant = (path: string) => parseJapanDateTime(text(path)) ?? text(path)
      const record = {
        id: text('id').trim(),
        startsAt: instant('startsAt'),
        endsAt: instant('endsAt'),
        ...Object.fromEntries(
          localFields.map((field) => [field, { ja: text(`${field}.ja`), en: text(`${field}.en`) }]),
        ),
        tags: timetableTags.filter((tag) => values[`tags.${tag}`] === true),
      }
      const result = timetableSessionSchema.safeParse(record)
      if (!result.success || !otherIds.includes(result.data.id)) return result
      const issue = {
        code: 'custom' as const,
        input: record.id,
        path: ['id'],
        message: validationMessage('sessionIdRepeated'),
      }
      return { success: false as const, error: new z.ZodError([issue]) }
    },
  }
}
