import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { eventMorning, participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, otherTabletRefreshToken, renderApp } from '../test/render.tsx'

const hour = 3_600_000

function server() {
  return createFakeApiServer({
    now: () => eventMorning,
    participants: [
      participantWire({ n: 1, badgeName: 'Bear', email: 'bear@example.com' }),
      participantWire({ n: 2, badgeName: 'Fox', email: 'fox@example.com' }),
    ],
  })
}

/** What is left in the device's IndexedDB. */
async function onDisk(app: Awaited<ReturnType<typeof renderApp>>) {
  return {
    participants: await app.db.participants.count(),
    checkIns: (await app.db.checkIns.toArray()).map((row) => [row.registrationId, row.status]),
    text: JSON.stringify([await app.db.checkIns.toArray(), await app.db.meta.toArray()]),
  }
}

describe('leaving the device', () => {
  appTest('forgets the participants on sign-out but keeps the check-in still waiting (en)', async (user) => {
    const app = await renderApp({ path: '/en/admin', language: 'en', server: server(), signedIn: true })
    expect(await screen.findByRole('button', { name: 'Bear' })).toBeTruthy()
    app.network.online = false
    await act(() => app.services.store.recordCheckIn(registrationIdOf(2)))

    // The app asks in its own dialog, naming what stays and what goes, before it forgets anything.
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    const question = await screen.findByRole('dialog', { name: 'Sign out?' })
    expect(
      within(question).getByText(
        '1 check-in has not been uploaded yet. It stays on this device and is uploaded after the next sign-in. The participant list is erased from this device, and signing in again needs the network.',
      ),
    ).toBeTruthy()
    await user.click(
      within(question).getByRole('button', { name: 'Sign out and erase the participant list' }),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeTruthy()
    expect(app.services.session.isSignedIn()).toBe(false)
    // Only this tablet's session ends: the others sharing the admin account stay signed in (decision 077).
    expect(Object.fromEntries(app.cognito.sessions)).toEqual({
      'refresh-token': 'revoked',
      [otherTabletRefreshToken]: 'active',
    })
    expect(app.services.store.getSnapshot().participants).toEqual([])
    expect(app.services.store.getSnapshot().pendingCount).toBe(1)
    const disk = await onDisk(app)
    expect(disk).toMatchObject({ participants: 0, checkIns: [[registrationIdOf(2), undefined]] })
    expect(disk.text).not.toMatch(/@example\.com|Bear|Fox/)
  })

  appTest(
    'keeps everything when staff stay signed in, by the button or by Escape, with check-ins waiting (ja)',
    async (user) => {
      const app = await renderApp({ path: '/ja/admin', language: 'ja', server: server(), signedIn: true })
      expect(await screen.findByRole('button', { name: 'Bear' })).toBeTruthy()
      app.network.online = false
      await act(() => app.services.store.recordCheckIn(registrationIdOf(1)))
      await act(() => app.services.store.recordCheckIn(registrationIdOf(2)))
      const signOut = screen.getByRole('button', { name: 'サインアウト' })

      await user.click(signOut)
      const question = await screen.findByRole('dialog', { name: 'サインアウトしますか？' })
      expect(
        within(question).getByText(
          '未送信のチェックインが2件あります。この端末に残り、次回サインイン後に送信されます。参加者一覧はこの端末から消去され、もう一度サインインするにはネットワークが必要です。',
        ),
      ).toBeTruthy()
      await user.click(within(question).getByRole('button', { name: 'サインインしたままにする' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

      // From the keyboard: the button is pressed with Enter, and Escape answers "stay".
      signOut.focus()
      await user.keyboard('{Enter}')
      expect(await screen.findByRole('dialog', { name: 'サインアウトしますか？' })).toBeTruthy()
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

      expect(screen.getByRole('button', { name: 'Bear' })).toBeTruthy()
      expect(app.services.session.isSignedIn()).toBe(true)
      expect(Object.fromEntries(app.cognito.sessions)).toEqual({
        'refresh-token': 'active',
        [otherTabletRefreshToken]: 'active',
      })
      expect(app.services.store.getSnapshot().pendingCount).toBe(2)
      expect(await onDisk(app)).toMatchObject({ participants: 2 })
    },
  )

  appTest('signs out without asking when no check-in is waiting (en)', async (user) => {
    const app = await renderApp({ path: '/en/admin', language: 'en', server: server(), signedIn: true })
    expect(await screen.findByRole('button', { name: 'Bear' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(app.services.session.isSignedIn()).toBe(false)
  })

  appTest(
    'signs out by itself after the idle limit, forgets the participants, and says why (ja)',
    async () => {
      const app = await renderApp({
        path: '/ja/admin',
        language: 'ja',
        server: server(),
        signedIn: true,
        idleHours: 12,
      })
      expect(await screen.findByRole('button', { name: 'Bear' })).toBeTruthy()
      await waitFor(() => expect(app.services.store.getSnapshot().lastSyncAt).toBeDefined())

      // Eleven hours later staff touch the screen: that is use, nothing happens.
      app.clock.now += 11 * hour
      fireEvent.pointerDown(document.body)
      expect(app.services.session.isSignedIn()).toBe(true)

      // Then the tablet lies unused past the limit; the first touch finds it expired.
      app.clock.now += 12 * hour
      fireEvent.pointerDown(document.body)
      expect(await screen.findByRole('heading', { level: 1, name: '管理者サインイン' })).toBeTruthy()
      expect(
        await screen.findByText(
          'この端末は長時間使われなかったため、サインアウトして参加者一覧を消去しました。未送信のチェックインは残っています。',
        ),
      ).toBeTruthy()
      expect(app.services.session.isSignedIn()).toBe(false)
      expect(Object.fromEntries(app.cognito.sessions)).toEqual({
        'refresh-token': 'revoked',
        [otherTabletRefreshToken]: 'active',
      })
      expect(app.services.store.getSnapshot().participants).toEqual([])
      expect(await onDisk(app)).toMatchObject({ participants: 0, checkIns: [] })
    },
  )
})
