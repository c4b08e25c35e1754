import { describe, expect, it } from 'vitest'
import { startOfDayInTokyo } from './date.ts'
import {
  formatJapanDateTime,
  nowAndNext,
  parseJapanDateTime,
  seedTimetable,
  sortedSessions,
  timetableSessionFormSchema,
  timetableSessionFormValues,
  timetableSessionSchema,
  timetableSessionsSchema,
  timetableStages,
} from './timetable.ts'

const day = startOfDayInTokyo('2026-05-10')
const at = (hour: number, minute = 0) => day + (hour * 60 + minute) * 60_000
const session = (id: string, from: number, to: number, stage = 'メインホール') => ({
  id,
  startsAt: from,
  endsAt: to,
  stage: { ja: stage, en: stage },
  title: { ja: id, en: id },
  description: { ja: '', en: '' },
  tags: [],
  notes: { ja: '', en: '' },
})

describe('now and next', () => {
  const sessions = [
    session('opening', at(10), at(10, 30)),
    session('parade', at(10, 30), at(11, 30)),
    session('photo', at(10, 30), at(12), '部活エリア'),
    session('talk', at(11, 30), at(12, 30)),
  ]

  it('gives what is on and every session of the next start time', () => {
    const { now, next } = nowAndNext(sessions, at(10, 15))
    expect(now.map((item) => item.id)).toEqual(['opening'])
    expect(next.map((item) => item.id)).toEqual(['parade', 'photo'])
  })

  it('counts a session from its start and no longer at its end', () => {
    const { now, next } = nowAndNext(sessions, at(11, 30))
    expect(now.map((item) => item.id)).toEqual(['photo', 'talk'])
    expect(next).toEqual([])
  })

  it('has nothing now before the day and nothing at all after it', () => {
    expect(nowAndNext(sessions, at(9)).now).toEqual([])
    expect(nowAndNext(sessions, at(9)).next.map((item) => item.id)).toEqual(['opening'])
    expect(nowAndNext(sessions, at(20))).toEqual({ now: [], next: [] })
  })

  it('sorts by start, then end, then stage, and lists each stage once', () => {
    expect(sortedSessions([...sessions].reverse()).map((item) => item.id)).toEqual([
      'opening',
      'parade',
      'photo',
      'talk',
    ])
    expect(timetableStages(sessions).map((stage) => stage.ja)).toEqual(['メインホール', '部活エリア'])
  })
})

describe('session rules', () => {
  it('refuses an end at or before the start on the end, with the catalogue message', () => {
    const result = timetableSessionSchema.safeParse(session('late', at(11), at(11)))
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['endsAt'], message: 'validation.timeOrder' }),
    ])
  })

  it('refuses an empty title, a bad id, an unknown tag and an id used twice, each on its field', () => {
    const bad = { ...session('Bad id', at(10), at(11)), title: { ja: ' ', en: 'x' }, tags: ['karaoke'] }
    const paths = timetableSessionSchema
      .safeParse(bad)
      .error?.issues.map((issue) => [issue.path, issue.message])
    expect(paths).toEqual([
      [['id'], 'validation.sessionIdInvalid'],
      [['title', 'ja'], 'validation.required'],
      [['tags', 0], 'validation.tagUnknown'],
    ])
    const twice = timetableSessionsSchema.safeParse([
      session('a', at(10), at(11)),
      session('a', at(11), at(12)),
    ])
    expect(twice.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'id'], message: 'validation.sessionIdRepeated' }),
    ])
  })

  it('accepts the seeded timetable, on the event day in Japan', () => {
    const seeded = seedTimetable('2026-05-10')
    expect(timetableSessionsSchema.parse(seeded)).toHaveLength(seeded.length)
    expect(formatJapanDateTime(seeded[0]?.startsAt ?? 0)).toBe('2026-05-10 09:30')
  })
})

describe('Japan date and time', () => {
  it('formats and parses YYYY-MM-DD HH:MM in Japan, whatever the machine zone', () => {
    expect(formatJapanDateTime(Date.parse('2026-05-10T01:30:00Z'))).toBe('2026-05-10 10:30')
    expect(parseJapanDateTime('2026-05-10 10:30')).toBe(Date.parse('2026-05-10T01:30:00Z'))
  })

  it('refuses other forms and impossible dates', () => {
    for (const value of ['2026-05-10T10:30', '2026-02-30 10:00', '2026-05-10 24:00', '10:30', '']) {
      expect(parseJapanDateTime(value)).toBeUndefined()
    }
  })
})

describe('the session form', () => {
  const values = timetableSessionFormValues(undefined, '2026-05-10')

  it('starts empty on the event day at 10:00 for an hour, and reads a filled form into a session', () => {
    expect(values).toMatchObject({
      id: '',
      startsAt: '2026-05-10 10:00',
      endsAt: '2026-05-10 11:00',
      'tags.music': false,
    })
    const filled = {
      ...values,
      id: 'dj',
      'stage.ja': 'ホール',
      'stage.en': 'Hall',
      'title.ja': 'DJ',
      'title.en': 'DJ set',
      'tags.music': true,
    }
    expect(timetableSessionFormSchema([]).safeParse(filled)).toEqual({
      success: true,
      data: {
        id: 'dj',
        startsAt: at(10),
        endsAt: at(11),
        stage: { ja: 'ホール', en: 'Hall' },
        title: { ja: 'DJ', en: 'DJ set' },
        description: { ja: '', en: '' },
        tags: ['music'],
        notes: { ja: '', en: '' },
      },
    })
    const parsed = timetableSessionFormSchema([]).safeParse(filled)
    expect(timetableSessionFormValues(parsed.success ? parsed.data : undefined, '2026-05-10')).toEqual(filled)
  })

  it('names the field of each mistake: a time that is none, an id another session has', () => {
    const wrong = {
      ...values,
      id: 'opening',
      startsAt: 'ten',
      'stage.ja': 'a',
      'stage.en': 'a',
      'title.ja': 'a',
      'title.en': 'a',
    }
    const issues = (otherIds: string[]) =>
      timetableSessionFormSchema(otherIds)
        .safeParse(wrong)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues([])).toEqual([['startsAt', 'validation.dateTimeInvalid']])
    expect(issues(['opening'])).toEqual([['startsAt', 'validation.dateTimeInvalid']])
    expect(
      timetableSessionFormSchema(['opening'])
        .safeParse({ ...wrong, startsAt: '2026-05-10 10:00' })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([['id', 'validation.sessionIdRepeated']])
  })
})
