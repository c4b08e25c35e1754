import {
  formatJapanDateTime,
  type Language,
  starredChanges,
  type TimetableChange,
  type TimetableSession,
  timetableChanges,
} from '@furfes/core'
import { useId } from 'react'
import changesEn from '../locales/en/timetable-changes.json'
import changesJa from '../locales/ja/timetable-changes.json'

// The alert's words come with it in both languages, not in the copy of every first visit (decision 201).
const changesCopy: Readonly<Record<Language, typeof changesEn>> = { ja: changesJa, en: changesEn }
type Copy = typeof changesEn

/*
 * The change alert of the timetable page (decision 176) and the comparison behind it, in a module of their own:
 * the page loads it only when it has read a newer timetable than the one this browser last showed (decision 194).
 */

/** What changed among the starred sessions between the version seen here and the one read now. */
export const changesAmongStarred = (
  seen: readonly TimetableSession[],
  now: readonly TimetableSession[],
  starred: readonly string[],
): TimetableChange[] => starredChanges(timetableChanges(seen, now), starred)

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)

const span = (session: TimetableSession) =>
  `${formatJapanDateTime(session.startsAt).slice(11)}–${formatJapanDateTime(session.endsAt).slice(11)}`

/** One sentence per change: cancelled, moved, on another stage. */
function changeSentences(change: TimetableChange, language: Language, copy: Copy): string[] {
  const title = change.before.title[language]
  const { after } = change
  if (!after) return [fill(copy.changeCancelled, { title })]
  return change.kinds.map((kind) =>
    kind === 'moved'
      ? fill(copy.changeMoved, { title, from: span(change.before), to: span(after) })
      : fill(copy.changeStage, { title, from: change.before.stage[language], to: after.stage[language] }),
  )
}

/**
 * What the new timetable changed among the starred sessions (decision 176), announced when it appears and kept
 * until dismissed.
 */
export default function StarredChangesAlert(props: {
  changes: TimetableChange[]
  dismiss(): void
  language: Language
}) {
  const headingId = useId()
  const copy = changesCopy[props.language]
  if (props.changes.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="timetable-changes">
      <div role="alert">
        <h2 id={headingId}>{copy.changesHeading}</h2>
        <ul>
          {props.changes.flatMap((change) =>
            changeSentences(change, props.language, copy).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            )),
          )}
        </ul>
      </div>
      <button type="button" onClick={props.dismiss}>
        {copy.changesDismiss}
      </button>
    </section>
  )
}
