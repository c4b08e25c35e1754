import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, vi } from 'vitest'
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

afterEach(() => {
  vi.restoreAllMocks()
})

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
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)

    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeTruthy()
    expect(confirm).toHaveBeenCalledWith(
      '1 check-in has not been uploaded yet. It stays on this device and is uploaded after the next sign-in. Sign out?',
    )
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
