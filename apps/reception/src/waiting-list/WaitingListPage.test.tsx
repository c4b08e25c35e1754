import { screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { appTest, renderApp } from '../test/render.tsx'

function waitingListApp(language: 'ja' | 'en') {
  const server = createFakeApiServer()
  server.waitingList = [
    {
      entry_id: '00000000-0000-4000-8000-000000000001',
      registration_tier: 'fursuiter',
      badge_name: 'Fox',
      email: 'fox@example.jp',
      status: 'offered',
      joined_at: '2025-03-01T01:00:00.000Z',
      offered_at: '2025-03-02T01:00:00.000Z',
      offer_expires_at: '2025-03-03T01:00:00.000Z',
    },
    {
      entry_id: '00000000-0000-4000-8000-000000000002',
      registration_tier: 'fursuiter',
      badge_name: 'Bear',
      email: 'bear@example.jp',
      status: 'waiting',
      position: 1,
      joined_at: '2025-03-01T02:00:00.000Z',
    },
    {
      entry_id: '00000000-0000-4000-8000-000000000003',
      registration_tier: 'member',
      badge_name: 'Cat',
      email: null,
      status: 'expired',
      joined_at: '2025-03-01T00:00:00.000Z',
    },
  ]
  return {
    server,
    render: renderApp({ path: `/${language}/admin/waiting-list`, language, server, signedIn: true }),
  }
}

describe('waiting list screen', () => {
  appTest(
    "shows each tier's list in order with its offers and their deadlines in Japan time (en)",
    async () => {
      const { render } = waitingListApp('en')
      await render
      expect(await screen.findByRole('heading', { level: 1, name: 'Waiting list' })).toBeTruthy()
      expect(screen.getByRole('tab', { name: 'Waiting list' }).getAttribute('aria-selected')).toBe('true')
      const fursuiter = await screen.findByRole('table', { name: 'Fursuiter' })
      const rows = within(fursuiter).getAllByRole('row').slice(1)
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
      ).toEqual([
        ['—', 'Fox', 'fox@example.jp', 'Spot held', 'March 3, 2025 at 10:00:00'],
        ['1', 'Bear', 'bear@example.jp', 'Waiting', '—'],
      ])
      expect(screen.getByText('Offers out: 1 · Waiting: 1')).toBeTruthy()
      const member = screen.getByRole('table', { name: 'Member' })
      expect(within(member).getByText('Offer expired')).toBeTruthy()
    },
  )

  appTest('reads the list again on refresh, in Japanese', async (user) => {
    const { server, render } = waitingListApp('ja')
    await render
    expect(await screen.findByRole('table', { name: '着ぐるみ参加' })).toBeTruthy()
    server.waitingList = []
    await user.click(screen.getByRole('button', { name: '再読み込み' }))
    expect(await screen.findByText('キャンセル待ちの方はいません。')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
