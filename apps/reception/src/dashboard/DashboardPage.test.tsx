import { cookingClubTastingCode } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { expectCsvDownload } from '../test/csv.ts'
import { createTestDevice } from '../test/device.ts'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { eventMorning, participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, renderSyncedAdmin, type TestAppOptions, uiTimeoutMs } from '../test/render.tsx'
import { dashboardCsvColumns } from './figures.ts'

/**
 * The app signed in and synced on `path` over an API with six participants, capacities and registrations per
 * day; `prepare` (check-ins, a device name) runs before the page renders.
 */
function dashboardApp(path: string, language: 'ja' | 'en', prepare?: TestAppOptions['prepare']) {
  const server = createFakeApiServer({
    now: () => eventMorning,
    participants: [
      participantWire({
        n: 1,
        badgeName: 'コン',
        tier: 'sponsor',
        tShirtSize: 'M',
        addons: [{ code: cookingClubTastingCode, name_ja: '料理部 試食会', name_en: 'Cooking club tasting' }],
      }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'pending' }),
      participantWire({ n: 3, badgeName: 'Bear', tier: 'fursuiter', changingRoomType: 'male' }),
      participantWire({ n: 4, badgeName: 'Fox' }),
      participantWire({ n: 5, badgeName: 'Gone', paymentStatus: 'canceled' }),
      participantWire({ n: 6, badgeName: 'Late', paymentStatus: 'expired' }),
    ],
  })
  server.capacities = { member: 10, fursuiter: 5, sponsor: 2, sponsor_fursuiter: 1 }
  server.registrationsPerDay = [
    { date: '2025-03-01', registration_tier: 'member', registrations: 1 },
    { date: '2025-03-02', registration_tier: 'sponsor', registrations: 1 },
  ]
  return renderSyncedAdmin(server, path, language, prepare)
}

/** The row headed `name`: the text of its cells in the given columns. */
function rowOf(table: HTMLElement, name: string) {
  const header = within(table).getByRole('rowheader', { name })
  const row = header.closest('tr')
  if (!row) throw new Error(`No row ${name}`)
  return (...columns: string[]) =>
    columns.map((column) => row.querySelector(`[data-column="${column}"]`)?.textContent)
}

describe('dashboard', () => {
  appTest(
    "shows the API's figures per tier and at the door, and follows another device's check-in after a sync (en)",
    async () => {
      const app = await dashboardApp('/en/admin/dashboard', 'en', async (services) => {
        await services.store.recordCheckIn(registrationIdOf(3))
        await services.sync.sync()
      })
      await screen.findByText(/^Figures from the server as of 09:30:00/, undefined, { timeout: uiTimeoutMs })
      const table = screen.getByRole('table', { name: 'Registration by tier' })
      const member = rowOf(table, 'Member')
      expect(member('capacity', 'paid', 'pending', 'spotsLeft')).toEqual(['10', '1', '1', '8'])
      expect(member('revenueGrossJpy')).toEqual(['¥3,000'])
      const total = rowOf(table, 'Total')
      expect(total('paid', 'checkedIn', 'revenueNetJpy')).toEqual(['3', '1', '¥17,000'])
      // The totals stand out: bold, in the text colour, not MUI's grey footer (decision 188).
      const totalCell = table.querySelector('tfoot [data-column="paid"]') as HTMLElement
      expect(getComputedStyle(totalCell).fontWeight).toBe('700')
      // The light scheme's primary text, not its secondary grey (0.6).
      expect(getComputedStyle(totalCell).color).toBe('rgba(0, 0, 0, 0.87)')
      expect(screen.getByTestId('dashboard-checked-in').textContent).toBe('1 of 3 checked in')
      expect(screen.getByTestId('dashboard-freshness').textContent).toMatch(
        /^Figures from the server as of 09:30:00/,
      )
      expect(screen.getByRole('figure', { name: 'Check-ins per 10 minutes, by device' })).toBeTruthy()
      const arrivals = screen.getByRole('figure', {
        name: 'Arrivals so far, against the paid participants expected',
      })
      expect(within(arrivals).getByText('Expected: 3')).toBeTruthy()
      // Each add-on's places sold of its capacity (decision 178).
      const addons = screen.getByRole('region', { name: 'Add-ons' })
      expect(within(addons).getByText('Cooking club tasting: 1 of 50 paid, 0 awaiting payment')).toBeTruthy()

      // Another tablet checks someone in; this one learns of it at its next sync and asks again.
      const other = await createTestDevice(app.server, { name: '受付2', time: eventMorning + 60_000 })
      await other.engine.sync({ refreshSnapshot: true })
      await other.store.recordCheckIn(registrationIdOf(4))
      await other.engine.sync()
      app.clock.now += 10_000
      await app.services.sync.sync()
      await waitFor(
        () => expect(screen.getByTestId('dashboard-checked-in').textContent).toBe('2 of 3 checked in'),
        { timeout: uiTimeoutMs },
      )
      expect(app.errors).toEqual([])
    },
    uiTimeoutMs * 2,
  )

  appTest(
    "works offline from the device's snapshot and says how old the figures are (ja)",
    async () => {
      const app = await dashboardApp('/ja/admin', 'ja')
      // Visit the dashboard online (the device keeps the answer), then the network goes away.
      await app.router.navigate('/ja/admin/dashboard')
      await screen.findByText(/^サーバーの数値/, undefined, { timeout: uiTimeoutMs })
      app.network.online = false
      app.clock.now += 5 * 60_000
      await app.services.store.recordCheckIn(registrationIdOf(1))
      await app.services.sync.sync()

      await waitFor(
        () =>
          expect(screen.getByTestId('dashboard-freshness').textContent).toMatch(/^サーバーに接続できません/),
        { timeout: uiTimeoutMs },
      )
      const freshness = screen.getByTestId('dashboard-freshness')
      expect(freshness.textContent).toContain('定員・売上・日別申込数は 09:30:00（5 分前） 時点の数値です')
      expect(screen.getByTestId('dashboard-checked-in').textContent).toBe('3 人中 1 人がチェックイン済み')
      const table = screen.getByRole('table', { name: '区分別の申込状況' })
      const sponsor = rowOf(table, 'スポンサー参加')
      expect(sponsor('capacity', 'paid', 'spotsLeft', 'checkedIn')).toEqual(['2', '1', '1', '1'])
      expect(app.errors).toEqual([])
    },
    uiTimeoutMs * 2,
  )

  appTest(
    'counts the goods handed out per line, T-shirts per size, and the changing rooms, offline too (ja)',
    async () => {
      const app = await dashboardApp('/ja/admin', 'ja', async (services) => {
        await services.store.recordGoodsTick(registrationIdOf(1), 'tShirt', 'mark')
        await services.sync.sync()
      })
      await app.router.navigate('/ja/admin/dashboard')
      const goods = await screen.findByRole('region', { name: 'お渡しした物' }, { timeout: uiTimeoutMs })
      await waitFor(() => expect(within(goods).getByText('Tシャツ M: 1 点中 1 点お渡し済み')).toBeTruthy())
      expect(within(goods).getByText('コンブック: 1 点中 0 点お渡し済み')).toBeTruthy()
      const rooms = screen.getByRole('region', { name: '更衣室' })
      expect(within(rooms).getByText('男性用: 1 人')).toBeTruthy()
      expect(within(rooms).getByText('女性用: 0 人')).toBeTruthy()

      // Offline, the tablet counts its own snapshot and the ticks it has not uploaded yet.
      app.network.online = false
      await app.services.store.recordGoodsTick(registrationIdOf(1), 'conbook', 'mark')
      await app.services.sync.sync()
      await waitFor(() => expect(within(goods).getByText('コンブック: 1 点中 1 点お渡し済み')).toBeTruthy(), {
        timeout: uiTimeoutMs,
      })
      expect(within(goods).getByText('Tシャツ M: 1 点中 1 点お渡し済み')).toBeTruthy()
      expect(app.errors).toEqual([])
    },
    uiTimeoutMs * 2,
  )

  appTest(
    'downloads the figures as a CSV with a byte order mark and escaped formulae (en)',
    async (user) => {
      const app = await dashboardApp('/en/admin/dashboard', 'en', async (services) => {
        services.device.setName('=SUM(A1)')
        await services.store.recordCheckIn(registrationIdOf(4))
        await services.sync.sync()
      })
      await screen.findByText('1 of 3 checked in', undefined, { timeout: uiTimeoutMs })
      await user.click(screen.getByRole('button', { name: 'Download CSV' }))
      const parsed = expectCsvDownload(app.downloads[0], 'dashboard-2025-05-10-0930.csv', dashboardCsvColumns)
      const value = (figure: string, cells: Record<string, string> = {}) =>
        parsed.data.find(
          (row) => row.figure === figure && Object.entries(cells).every(([key, cell]) => row[key] === cell),
        )?.value
      expect(value('paid', { registration_tier: 'member' })).toBe('1')
      expect(value('revenue_gross_jpy', { registration_tier: 'sponsor' })).toBe('10000')
      expect(value('registrations_per_day', { date: '2025-03-02', registration_tier: 'sponsor' })).toBe('1')
      expect(
        value('check_ins_per_10_minutes', { slot_start: '2025-05-10 09:30:00', device: "'=SUM(A1)" }),
      ).toBe('1')
      expect([value('checked_in_total'), value('paid_total')]).toEqual(['1', '3'])
    },
    uiTimeoutMs * 2,
  )

  appTest(
    'counts the complimentary registrations apart, in paid and not in the revenue, offline too, and in the CSV (en)',
    async (user) => {
      const server = createFakeApiServer({
        now: () => eventMorning,
        participants: [
          participantWire({ n: 1, badgeName: 'Fox' }),
          participantWire({ n: 2, badgeName: 'Guest', complimentary: 'guest' }),
          participantWire({ n: 3, badgeName: 'Helper', complimentary: 'staff' }),
          participantWire({ n: 4, badgeName: 'Gone', complimentary: 'dealer', paymentStatus: 'canceled' }),
        ],
      })
      const app = await renderSyncedAdmin(server, '/en/admin/dashboard', 'en')
      await screen.findByText(/^Figures from the server as of/, undefined, { timeout: uiTimeoutMs })
      expect(screen.getByTestId('dashboard-complimentary').textContent).toBe(
        'Of 3 paid, 2 registered without payment and not in the revenue: guests 1, dealers 0, staff 1',
      )
      const member = rowOf(screen.getByRole('table', { name: 'Registration by tier' }), 'Member')
      expect(member('paid', 'revenueGrossJpy')).toEqual(['3', '¥3,000'])

      await user.click(screen.getByRole('button', { name: 'Download CSV' }))
      const parsed = expectCsvDownload(app.downloads[0], 'dashboard-2025-05-10-0930.csv', dashboardCsvColumns)
      const value = (figure: string) => parsed.data.find((row) => row.figure === figure)?.value
      expect(['guest', 'dealer', 'staff'].map((kind) => value(`paid_complimentary_${kind}`))).toEqual([
        '1',
        '0',
        '1',
      ])

      // Without the server the tablet counts its own snapshot the same way.
      app.network.online = false
      app.clock.now += 60_000
      await app.services.sync.sync()
      await waitFor(
        () =>
          expect(screen.getByTestId('dashboard-freshness').textContent).toMatch(
            /^The server cannot be reached/,
          ),
        { timeout: uiTimeoutMs },
      )
      expect(screen.getByTestId('dashboard-complimentary').textContent).toBe(
        'Of 3 paid, 2 registered without payment and not in the revenue: guests 1, dealers 0, staff 1',
      )
      expect(app.errors).toEqual([])
    },
    uiTimeoutMs * 2,
  )
})
