import { type Language, type PushCategory, pushCategories } from '@furfes/core'
import { useEffect, useRef, useState } from 'react'
import { useServices } from '../app/services.tsx'
import type en from '../locales/en/timetable-notifications.json'
import {
  NotificationsDeniedError,
  pushSupported,
  readStoredSubscription,
  type StoredPushSubscription,
} from './push-subscription.ts'

/** The settings' words, loaded with them (TimetableSessions.tsx, decision 201). */
export type NotificationsCopy = typeof en
type Copy = NotificationsCopy

/** The push manager and the API's push routes, loaded once notifications are used (decision 194). */
const pushActions = () => import('./push-actions.ts')

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
    pushActions()
      .then(({ updateNotifications }) =>
        updateNotifications(subscription, {
          language,
          categories: subscription.categories,
          starred: starredKey === '' ? [] : starredKey.split(','),
        }),
      )
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
            onClick={() =>
              run(async () => (await pushActions()).updateNotifications(subscription, preferences), 'save')
            }
          >
            {copy.notificationsSave}
          </button>{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await (await pushActions()).disableNotifications(subscription)
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
            onClick={() => run(async () => (await pushActions()).enableNotifications(preferences), 'enable')}
          >
            {copy.notificationsEnable}
          </button>
        </p>
      )}
    </fieldset>
  )
}
