import {
  calendarDateInTokyo,
  formatJapanDateTime,
  type Language,
  nowAndNext,
  type PublishedTimetable,
  type TimetableSession,
  type TimetableTag,
  timetableStages,
  timetableTags,
} from '@furfes/core'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import type en from '../locales/en/timetable.json'
import { downloadSessionsCalendar, useStarredSessions } from './favourites.ts'
import { readStoredSubscription } from './push-subscription.ts'
import type { NotificationSettings, NotificationsCopy } from './TimetableAlerts.tsx'

/** The change alert's check, only while this browser has starred sessions (decision 209). */
const StarredChanges = lazy(() => import('./changes.tsx'))

type Copy = typeof en

/** How often the page looks at the clock again for now and next. */
const nowRefreshMs = 30_000

const timeOfDay = (epochMs: number) => formatJapanDateTime(epochMs).slice(11)

/** The words of the notification settings, in the page's language, loaded with them (decision 201). */
const notificationsCopy: Readonly<Record<Language, () => Promise<{ default: NotificationsCopy }>>> = {
  ja: () => import('../locales/ja/timetable-notifications.json'),
  en: () => import('../locales/en/timetable-notifications.json'),
}

interface LoadedSettings {
  Settings: typeof NotificationSettings
  copy: NotificationsCopy
  language: Language
}

/**
 * The notification settings behind a button (decision 201): they and their words load when it is pressed, or at
 * once when notifications are already on here, since the settings then send the API the starred sessions
 * whenever they change. Once loaded they stay mounted, hidden while closed, so that keeps working.
 */
function Notifications(props: { starred: ReadonlySet<string>; language: Language; copy: Copy }) {
  const { language, copy } = props
  const { errors } = useServices()
  const regionId = useId()
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<LoadedSettings | undefined>()
  const wanted = open || loaded !== undefined

  // Read after the first render, as the settings themselves do.
  useEffect(() => {
    try {
      if (readStoredSubscription()) setOpen(true)
    } catch (error) {
      errors.report(error, { where: 'notifications', action: 'read' })
    }
  }, [errors])

  useEffect(() => {
    if (!wanted || loaded?.language === language) return
    let live = true
    Promise.all([import('./TimetableAlerts.tsx'), notificationsCopy[language]()])
      .then(([module, words]) => {
        if (live) setLoaded({ Settings: module.NotificationSettings, copy: words.default, language })
      })
      .catch((error: unknown) => errors.report(error, { where: 'notifications', action: 'load' }))
    return () => {
      live = false
    }
  }, [wanted, loaded, language, errors])

  return (
    <>
      <p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((previous) => !previous)}
        >
          {copy.notificationsOpen}
        </button>
      </p>
      <div id={regionId} hidden={!open}>
        {loaded?.language === language && (
          <loaded.Settings starred={props.starred} language={language} copy={loaded.copy} />
        )}
      </div>
    </>
  )
}

/** The clock's time, looked at again every half minute while the page is open. */
function useNow(): number {
  const { clock } = useServices()
  const [now, setNow] = useState(clock)
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), nowRefreshMs)
    return () => clearInterval(timer)
  }, [clock])
  return now
}

/**
 * The API's public calendar feed of the whole timetable in the page's language, for a calendar app to subscribe
 * to (docs/decisions/172-timetable-as-data.md). Its address comes from the runtime configuration, so the link
 * appears once that is read.
 */
function CalendarFeedLink({ language, copy }: { language: Language; copy: Copy }) {
  const { publicUrl, errors } = useServices()
  const [href, setHref] = useState<string | undefined>(undefined)
  useEffect(() => {
    let current = true
    publicUrl(language === 'ja' ? 'timetable.ics' : 'timetable.en.ics')
      .then((url) => {
        if (current) setHref(url)
      })
      .catch((error: unknown) => errors.report(error, { where: 'timetable calendar feed' }))
    return () => {
      current = false
    }
  }, [publicUrl, errors, language])
  if (!href) return null
  return (
    <p>
      <a href={href}>{copy.calendarFeed}</a> {copy.calendarFeedHint}
    </p>
  )
}

function Time({ epochMs }: { epochMs: number }) {
  return <time dateTime={new Date(epochMs).toISOString()}>{timeOfDay(epochMs)}</time>
}

/** What a session's buttons do: star it, add it to a calendar. */
interface SessionActions {
  starred: ReadonlySet<string>
  toggle(id: string): void
  addToCalendar(sessions: TimetableSession[]): void
}

function SessionItem({
  session,
  language,
  copy,
  actions,
}: {
  session: TimetableSession
  language: Language
  copy: Copy
  actions: SessionActions
}) {
  const headingId = useId()
  const title = session.title[language]
  const starred = actions.starred.has(session.id)
  return (
    <li aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      <p>
        <Time epochMs={session.startsAt} />–<Time epochMs={session.endsAt} /> · {session.stage[language]}
      </p>
      {session.description[language] && <p>{session.description[language]}</p>}
      {session.tags.length > 0 && (
        <p>
          {copy.tagsLabel}: {session.tags.map((tag) => copy.tags[tag]).join(copy.listSeparator)}
        </p>
      )}
      {session.notes[language] && (
        <p>
          {copy.notesLabel}: {session.notes[language]}
        </p>
      )}
      <p className="timetable-actions">
        <button
          type="button"
          aria-pressed={starred}
          aria-label={copy.starLabel.replace('{{title}}', title)}
          onClick={() => actions.toggle(session.id)}
        >
          {starred ? copy.starred : copy.star}
        </button>{' '}
        <button
          type="button"
          aria-label={copy.addOneLabel.replace('{{title}}', title)}
          onClick={() => actions.addToCalendar([session])}
        >
          {copy.addOne}
        </button>
      </p>
    </li>
  )
}

function SessionList(props: {
  sessions: TimetableSession[]
  language: Language
  copy: Copy
  actions: SessionActions
}) {
  return (
    <ul className="timetable-sessions">
      {props.sessions.map((session) => (
        <SessionItem key={session.id} {...props} session={session} />
      ))}
    </ul>
  )
}

/** Sessions grouped by their start time, in order. */
function bySlot(sessions: TimetableSession[]): [number, TimetableSession[]][] {
  const slots = new Map<number, TimetableSession[]>()
  for (const session of sessions)
    slots.set(session.startsAt, [...(slots.get(session.startsAt) ?? []), session])
  return [...slots.entries()]
}

/**
 * The published timetable as text (docs/decisions/172-timetable-as-data.md): when it was last updated, on the
 * event day what is on now and next, then every session by start time, filterable by stage and tag. Headings,
 * lists and time elements carry the structure for screen readers.
 */
export function TimetableSessions({
  timetable,
  language,
  copy,
}: {
  timetable: PublishedTimetable
  language: Language
  copy: Copy
}) {
  const now = useNow()
  const [stage, setStage] = useState('')
  const [tag, setTag] = useState<TimetableTag | ''>('')
  const [starredOnly, setStarredOnly] = useState(false)
  const { starred, toggle } = useStarredSessions(timetable)
  const { errors, clock } = useServices()
  const { edition } = useEdition()
  const addToCalendar = (chosen: TimetableSession[]) => {
    downloadSessionsCalendar({
      sessions: chosen,
      language,
      name: `${edition.name[language]} · ${copy.programmeHeading}`,
      stampedAt: clock(),
      fileName: chosen.length === 1 ? `${chosen[0]?.id}.ics` : 'my-timetable.ics',
    }).catch((error: unknown) => errors.report(error, { where: 'timetable calendar', count: chosen.length }))
  }
  const actions: SessionActions = { starred, toggle, addToCalendar }
  const stageId = useId()
  const tagId = useId()
  const { sessions } = timetable
  const mine = sessions.filter((session) => starred.has(session.id))
  const stages = timetableStages(sessions)
  const usedTags = timetableTags.filter((known) => sessions.some((session) => session.tags.includes(known)))
  const shown = sessions.filter(
    (session) =>
      (stage === '' || session.stage.ja === stage) &&
      (tag === '' || session.tags.includes(tag)) &&
      (!starredOnly || starred.has(session.id)),
  )
  const eventDay = sessions.some(
    (session) => calendarDateInTokyo(session.startsAt) === calendarDateInTokyo(now),
  )
  const { now: onNow, next } = nowAndNext(sessions, now)
  return (
    <>
      {starred.size > 0 && (
        <Suspense fallback={null}>
          <StarredChanges timetable={timetable} language={language} />
        </Suspense>
      )}
      <p>
        {copy.updated}{' '}
        <time dateTime={new Date(timetable.publishedAt).toISOString()}>
          {formatJapanDateTime(timetable.publishedAt)}
        </time>{' '}
        {copy.japanTime}
      </p>
      {eventDay && (
        <section aria-labelledby={`${stageId}-now`}>
          <h2 id={`${stageId}-now`}>{copy.todayHeading}</h2>
          <h3>{copy.nowHeading}</h3>
          {onNow.length > 0 ? (
            <SessionList sessions={onNow} language={language} copy={copy} actions={actions} />
          ) : (
            <p>{copy.nothingNow}</p>
          )}
          <h3>{copy.nextHeading}</h3>
          {next.length > 0 ? (
            <SessionList sessions={next} language={language} copy={copy} actions={actions} />
          ) : (
            <p>{copy.nothingNext}</p>
          )}
        </section>
      )}
      <h2>{copy.programmeHeading}</h2>
      <fieldset className="timetable-filters">
        <legend>{copy.filtersLegend}</legend>
        <label htmlFor={stageId}>{copy.stageFilter}</label>
        <select id={stageId} value={stage} onChange={(event) => setStage(event.target.value)}>
          <option value="">{copy.allStages}</option>
          {stages.map((item) => (
            <option key={item.ja} value={item.ja}>
              {item[language]}
            </option>
          ))}
        </select>
        <label htmlFor={tagId}>{copy.tagFilter}</label>
        <select id={tagId} value={tag} onChange={(event) => setTag(event.target.value as TimetableTag | '')}>
          <option value="">{copy.allTags}</option>
          {usedTags.map((item) => (
            <option key={item} value={item}>
              {copy.tags[item]}
            </option>
          ))}
        </select>
        <label>
          <input
            type="checkbox"
            checked={starredOnly}
            onChange={(event) => setStarredOnly(event.target.checked)}
          />{' '}
          {copy.starredOnly}
        </label>
      </fieldset>
      <Notifications starred={starred} language={language} copy={copy} />
      <p>
        <button type="button" disabled={mine.length === 0} onClick={() => addToCalendar(mine)}>
          {copy.addStarred.replace('{{count}}', String(mine.length))}
        </button>
      </p>
      <CalendarFeedLink language={language} copy={copy} />
      <p role="status">
        {shown.length === 0 ? copy.noMatch : copy.shownCount.replace('{{count}}', String(shown.length))}
      </p>
      {bySlot(shown).map(([startsAt, slot]) => (
        <section key={startsAt} aria-label={timeOfDay(startsAt)}>
          <h3>
            <Time epochMs={startsAt} />
          </h3>
          <SessionList sessions={slot} language={language} copy={copy} actions={actions} />
        </section>
      ))}
    </>
  )
}
