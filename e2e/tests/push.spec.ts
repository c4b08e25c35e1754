import { accessToken, apiUrl, demoStaff } from '../support/accounts.ts'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'

/*
 * Notifications and change alerts in the browser (docs/decisions/176-push-notifications-and-change-alerts.md):
 * the service worker shows a push delivered through the DevTools protocol (the browser's own push service is out
 * of reach here), and a starred session the committee moves shows as a change on the timetable page.
 */

test('the service worker shows a pushed message as a notification', async ({ page, context }) => {
  await context.grantPermissions(['notifications'])
  const cdp = await context.newCDPSession(page)
  const registrations = new Map<string, string>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId)
    }
  })
  await cdp.send('ServiceWorker.enable')
  await page.goto('/en/timetable')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const origin = new URL(page.url()).origin
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy()

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`) ?? '',
    data: JSON.stringify({
      title: 'Parade moved',
      body: 'Time: 10:30–11:30 → 11:00–12:00',
      tag: 'session-parade',
      path: '/en/timetable',
    }),
  })

  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(
          ({ title, body, tag, data }) => ({
            title,
            body,
            tag,
            data,
          }),
        ),
      ),
    )
    .toEqual([
      {
        title: 'Parade moved',
        body: 'Time: 10:30–11:30 → 11:00–12:00',
        tag: 'session-parade',
        data: { path: '/en/timetable' },
      },
    ])
})

test('a starred session the committee moves shows as a change on the timetable page', async ({ page }) => {
  await page.goto('/en/timetable')
  await page.getByRole('button', { name: 'Star: Cooking club tasting' }).click()
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('furfes.timetable.seen')))
    .not.toBeNull()

  // The committee moves the session an hour later and publishes.
  const { edition } = await servedEdition()
  const committee = demoStaff('committee')
  const token = await accessToken('admins', committee.email, committee.password)
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const timetableUrl = `${apiUrl}/admin/editions/${edition.id}/timetable`
  const current = (await (await fetch(timetableUrl, { headers })).json()) as {
    draft: { revision: number; sessions: { id: string; starts_at: string; ends_at: string }[] }
  }
  const later = (iso: string) => new Date(Date.parse(iso) + 60 * 60_000).toISOString()
  const sessions = current.draft.sessions.map((session) =>
    session.id === 'cooking-club'
      ? { ...session, starts_at: later(session.starts_at), ends_at: later(session.ends_at) }
      : session,
  )
  const saved = await fetch(timetableUrl, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ sessions, revision: current.draft.revision }),
  })
  expect(saved.status).toBe(200)
  const published = await fetch(`${timetableUrl}/publish`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ revision: current.draft.revision + 1 }),
  })
  expect(published.status).toBe(200)

  await page.reload()
  const alert = page.getByRole('region', { name: 'Changes to your starred sessions' })
  await expect(alert).toContainText('Cooking club tasting: the time is now 13:00–14:00 (was 12:00–13:00).')
  await alert.getByRole('button', { name: 'Got it' }).click()
  await expect(alert).toHaveCount(0)
})
