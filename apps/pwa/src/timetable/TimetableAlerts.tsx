import {
  formatJapanDateTime,
  type Language,
  type PushCategory,
  pushCategories,
  type TimetableChange,
  type TimetableSession,
} from '@furfes/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useServices } from '../app/services.tsx'
import type en from '../locales/en/timetable.json'
import {
  disableNotifications,
  enableNotifications,
  NotificationsDeniedError,
  pushSupported,
  readStoredSubscription,
  type StoredPushSubscription,
  updateNotifications,
} from './push-subscription.ts'

type Copy = typeof en

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
export function StarredChangesAlert(props: {
  changes: TimetableChange[]
  dismiss(): void
  language: Language
  copy: Copy
}) {
  const headingId = useId()
  if (props.changes.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="timetable-changes">
      <div role="alert">
        <h2 id={headingId}>{props.copy.changesHeading}</h2>
        <ul>
          {props.changes.flatMap((change) =>
            changeSentences(change, props.language, props.copy).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            )),
          )}
        </ul>
      </div>
      <button type="button" onClick={props.dismiss}>
        {props.copy.changesDismiss}
      </button>
    </section>
  )
}

const categoryLabel = (copy: Copy, category: PushCategory) =>
  ({
    announcements: copy.notificationsAnnouncements,
    changes: copy.notificationsChanges,
    reminders: copy.notificationsReminders,
  })[category]

/**
 * Notifications on this device (decision 176): what to be told, and a button that asks the browser's permission
 * only when pressed. Once on, the starred sessions are sent again whenever they change.
 */
export function NotificationSettings(props: {
  starred: ReadonlySet<string>
  language: Language
  copy: Copy
}) {
  const { copy, language } = props
  const { errors } = useServices()
  const [supported, setSupported] = useState(false)
  const [subscription, setSubscription] = useState<StoredPushSubscription | undefined>()
  const [categories, setCategories] = useState<PushCategory[]>([...pushCategories])
  const [problem, setProblem] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const starred = [...props.starred].sort()
  const starredKey = starred.join(',')
  const sentStarred = useRef<string | undefined>(undefined)

  // Read after the first render, so the prerendered page matches.
  useEffect(() => {
    setSupported(pushSupported())
    try {
      const stored = readStoredSubscription()
      setSubscription(stored)
      if (stored) setCategories(stored.categories)
    } catch (error) {
      errors.report(error, { where: 'notifications', action: 'read' })
    }
  }, [errors])

  // The API learns the starred sessions whenever they change while notifications are on.
  useEffect(() => {
    if (!subscription) return
    if (sentStarred.current === undefined) {
      sentStarred.current = starredKey
      return
    }
    if (sentStarred.current === starredKey) return
    sentStarred.current = starredKey
    updateNotifications(subscription, {
      language,
      categories: subscription.categories,
      starred: starredKey === '' ? [] : starredKey.split(','),
    })
      .then(setSubscription)
      .catch((error: unknown) => errors.report(error, { where: 'notifications', action: 'starred' }))
  }, [starredKey, subscription, language, errors])

  const run = async (action: () => Promise<StoredPushSubscription | undefined>, name: string) => {
    setBusy(true)
    setProblem(undefined)
    try {
      const next = await action()
      sentStarred.current = starredKey
      setSubscription(next)
    } catch (error) {
      if (error instanceof NotificationsDeniedError) {
        setProblem(copy.notificationsDenied)
      } else {
        errors.report(error, { where: 'notifications', action: name })
        setProblem(copy.notificationsFailed)
      }
    } finally {
      setBusy(false)
    }
  }
  const preferences = { language, categories, starred }

  if (!supported) return <p>{copy.notificationsUnsupported}</p>
  return (
    <fieldset className="timetable-notifications">
      <legend>{copy.notificationsLegend}</legend>
      {pushCategories.map((category) => (
        <label key={category}>
          <input
            type="checkbox"
            checked={categories.includes(category)}
            onChange={(event) =>
              setCategories((previous) =>
                event.target.checked
                  ? pushCategories.filter((known) => known === category || previous.includes(known))
                  : previous.filter((known) => known !== category),
              )
            }
          />{' '}
          {categoryLabel(copy, category)}
        </label>
      ))}
      <p role="status">{subscription ? copy.notificationsOn : copy.notificationsOff}</p>
      {problem && <p role="alert">{problem}</p>}
      {subscription ? (
        <p>
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => updateNotifications(subscription, preferences), 'save')}
          >
            {copy.notificationsSave}
          </button>{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await disableNotifications(subscription)
                return undefined
              }, 'disable')
            }
          >
            {copy.notificationsDisable}
          </button>
        </p>
      ) : (
        <p>
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => enableNotifications(preferences), 'enable')}
          >
            {copy.notificationsEnable}
          </button>
        </p>
      )}
    </fieldset>
  )
}
