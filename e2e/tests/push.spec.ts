import { expect, test } from '../support/fixtures.ts'

/*
 * Notifications and change alerts in the browser (docs/decisions/176-push-notifications-and-change-alerts.md):
 * the service worker shows a push delivered through the DevTools protocol (the browser's own push service is out
 * of reach here). A starred session the committee moves in the reception, shown as a change on the timetable
 * page, is tests/exclusive/timetable-journey.spec.ts.
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
