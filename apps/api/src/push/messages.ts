import {
  formatJapanDateTime,
  type Language,
  type PushMessage,
  type TimetableChange,
  type TimetableSession,
} from '@furfes/core'

/*
 * The words of the pushes the API writes (decision 176), in each subscriber's language. Announcements bring their
 * own title and body.
 */

const timeOf = (epochMs: number) => formatJapanDateTime(epochMs).slice(11)

const texts = {
  ja: {
    cancelled: (title: string) => `「${title}」は中止になりました`,
    changed: (title: string) => `「${title}」が変更されました`,
    moved: (from: string, to: string) => `時間: ${from} → ${to}`,
    stage: (from: string, to: string) => `場所: ${from} → ${to}`,
    reminder: (title: string) => `まもなく「${title}」`,
    reminderBody: (time: string, stage: string) => `${time} から ${stage}`,
    cancelledBody: 'タイムテーブルから外れました。',
    separator: '、',
  },
  en: {
    cancelled: (title: string) => `${title} is cancelled`,
    changed: (title: string) => `${title} has changed`,
    moved: (from: string, to: string) => `Time: ${from} → ${to}`,
    stage: (from: string, to: string) => `Place: ${from} → ${to}`,
    reminder: (title: string) => `Starting soon: ${title}`,
    reminderBody: (time: string, stage: string) => `${time} at ${stage}`,
    cancelledBody: 'It is no longer in the timetable.',
    separator: '; ',
  },
} as const satisfies Record<Language, unknown>

/** Where a push about the timetable opens: the site's timetable page in the subscriber's language. */
const timetablePath = (language: Language) => `/${language}/timetable`

/** The push telling a subscriber a starred session moved, changed stage or was cancelled. */
export function changeMessage(change: TimetableChange, language: Language): PushMessage {
  const text = texts[language]
  const title = change.before.title[language]
  const tag = `session-${change.sessionId}`
  const { after } = change
  if (!after)
    return { title: text.cancelled(title), body: text.cancelledBody, tag, path: timetablePath(language) }
  const lines: string[] = []
  if (change.kinds.includes('moved')) {
    const span = (session: TimetableSession) => `${timeOf(session.startsAt)}–${timeOf(session.endsAt)}`
    lines.push(text.moved(span(change.before), span(after)))
  }
  if (change.kinds.includes('stageChanged')) {
    lines.push(text.stage(change.before.stage[language], after.stage[language]))
  }
  return { title: text.changed(title), body: lines.join(text.separator), tag, path: timetablePath(language) }
}

/** The push a few minutes before a starred session. */
export function reminderMessage(session: TimetableSession, language: Language): PushMessage {
  const text = texts[language]
  return {
    title: text.reminder(session.title[language]),
    body: text.reminderBody(timeOf(session.startsAt), session.stage[language]),
    tag: `session-${session.id}`,
    path: timetablePath(language),
  }
}
