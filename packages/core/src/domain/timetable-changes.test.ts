import { describe, expect, it } from 'vitest'
import { startOfDayInTokyo } from './date.ts'
import type { TimetableSession } from './timetable.ts'
import {
  reminderLeadMs,
  sessionsDueForReminder,
  starredChanges,
  timetableChanges,
} from './timetable-changes.ts'

const day = startOfDayInTokyo('2026-05-10')
const at = (hour: number, minute = 0) => day + (hour * 60 + minute) * 60_000
const session = (id: string, from: number, to: number, stage = 'メインホール'): TimetableSession => ({
  id,
  startsAt: from,
  endsAt: to,
  stage: { ja: stage, en: stage === 'メインホール' ? 'Main hall' : 'Club area' },
  title: { ja: id, en: id },
  description: { ja: '', en: '' },
  tags: [],
  notes: { ja: '', en: '' },
})

describe('timetable changes', () => {
  const previous = [
    session('opening', at(10), at(10, 30)),
    session('parade', at(10, 30), at(11, 30)),
    session('photo', at(10, 30), at(12), '部活エリア'),
    session('talk', at(11, 30), at(12, 30)),
  ]

  it('names the moved, the re-staged and the cancelled sessions, and nothing else', () => {
    const next = [
      session('opening', at(10), at(10, 30)),
      // Later end only: moved.
      session('parade', at(10, 30), at(11, 45)),
      // Moved and on another stage.
      session('photo', at(11), at(12, 30)),
      session('new-one', at(13), at(14)),
      // 'talk' removed: cancelled.
    ]
    const changes = timetableChanges(previous, next)
    expect(changes.map(({ sessionId, kinds }) => ({ sessionId, kinds }))).toEqual([
      { sessionId: 'parade', kinds: ['moved'] },
      { sessionId: 'photo', kinds: ['moved', 'stageChanged'] },
      { sessionId: 'talk', kinds: ['cancelled'] },
    ])
    expect(changes[1]?.before.startsAt).toBe(at(10, 30))
    expect(changes[1]?.after?.startsAt).toBe(at(11))
    expect(changes[2]?.after).toBeUndefined()
  })

  it('sees a stage renamed in one language only, and ignores a new title', () => {
    const renamed = { ...session('opening', at(10), at(10, 30)), title: { ja: '開会', en: 'Opening' } }
    const restaged = session('talk', at(11, 30), at(12, 30))
    restaged.stage = { ja: 'メインホール', en: 'Main stage' }
    const changes = timetableChanges(previous, [
      renamed,
      previous[1],
      previous[2],
      restaged,
    ] as TimetableSession[])
    expect(changes.map(({ sessionId, kinds }) => ({ sessionId, kinds }))).toEqual([
      { sessionId: 'talk', kinds: ['stageChanged'] },
    ])
  })

  it('keeps only the starred sessions', () => {
    const changes = timetableChanges(previous, [])
    expect(starredChanges(changes, ['talk', 'unknown']).map((change) => change.sessionId)).toEqual(['talk'])
  })
})

describe('reminders', () => {
  const sessions = [session('opening', at(10), at(10, 30)), session('parade', at(10, 30), at(11, 30))]

  it('are due within the lead time before the start, and not once the session started', () => {
    expect(reminderLeadMs).toBe(10 * 60_000)
    expect(sessionsDueForReminder(sessions, at(9, 49)).map((item) => item.id)).toEqual([])
    expect(sessionsDueForReminder(sessions, at(9, 50)).map((item) => item.id)).toEqual(['opening'])
    expect(sessionsDueForReminder(sessions, at(10, 20)).map((item) => item.id)).toEqual(['parade'])
    expect(sessionsDueForReminder(sessions, at(10, 30)).map((item) => item.id)).toEqual([])
  })
})
