import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { expectCsvDownload } from '../test/csv.ts'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf, userIdOf } from '../test/fixtures.ts'
import { appTest, renderSyncedAdmin } from '../test/render.tsx'
import { checkInCsvColumns, csvColumns, refundCsvColumns } from './csv.ts'

function participantsApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'コン', handleName: 'Kon', tier: 'sponsor', tShirtSize: 'M' }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'pending', email: 'wolf@example.jp' }),
      participantWire({ n: 3, badgeName: 'Bear', tier: 'fursuiter', changingRoomType: 'male' }),
    ],
  })
  return renderSyncedAdmin(server, `/${language}/admin`, language, async (services) => {
    await services.store.recordCheckIn(registrationIdOf(3))
  })
}

describe('participant list', () => {
  appTest('lists, searches and filters participants (ja)', async (user) => {
    await participantsApp('ja')
    const table = await screen.findByRole('table', { name: '参加者' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(screen.getByText('3人中 3人')).toBeTruthy()
    expect(within(table).getByText('09:30:00 · 受付1')).toBeTruthy()

    await user.type(
      screen.getByLabelText('検索: バッジ名・ハンドルネーム・メールアドレス・登録ID'),
      'example.jp',
    )
    expect(await screen.findByText('3人中 1人')).toBeTruthy()
    expect(within(screen.getByRole('table')).getByText('Wolf')).toBeTruthy()
    await user.clear(screen.getByLabelText('検索: バッジ名・ハンドルネーム・メールアドレス・登録ID'))

    await user.click(screen.getByRole('combobox', { name: 'チェックイン' }))
    await user.click(await screen.findByRole('option', { name: 'チェックイン済み' }))
    expect(await screen.findByText('3人中 1人')).toBeTruthy()
    expect(within(screen.getByRole('table')).getByText('Bear')).toBeTruthy()
  })

  appTest('lists who has paid and not checked in, in one press, and downloads them (en)', async (user) => {
    const app = await participantsApp('en')
    await screen.findByRole('table', { name: 'Participants' })
    const preset = screen.getByRole('button', { name: 'Paid, not checked in' })
    expect(preset.getAttribute('aria-pressed')).toBe('false')
    await user.click(preset)
    // Wolf has not paid and Bear is checked in: only コン is left.
    expect(await screen.findByText('1 of 3')).toBeTruthy()
    expect(within(screen.getByRole('table')).getByText('コン')).toBeTruthy()
    expect(preset.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('combobox', { name: 'Payment' }).textContent).toBe('Paid')
    expect(screen.getByRole('combobox', { name: 'Check-in' }).textContent).toBe('Not checked in')
    // The end of the day's list leaves as CSV as shown.
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    const parsed = expectCsvDownload(app.downloads[0], 'participants-2025-05-10-0930.csv', csvColumns)
    expect(parsed.data.map((row) => [row.user_id, row.payment_status, row.checked_in_at])).toEqual([
      [userIdOf(1), 'paid', ''],
    ])
  })

  appTest(
    'finds the registration a pasted Stripe payment id paid, and says when none did (en)',
    async (user) => {
      const app = await participantsApp('en')
      app.server.payments.set('pi_test_Paid0001', registrationIdOf(3))
      await screen.findByRole('table', { name: 'Participants' })
      const search = screen.getByRole('searchbox', {
        name: 'Search: badge name, handle name, email or registration id',
      })
      await user.type(search, 'pi_test_Paid0001')
      expect(await screen.findByText('1 of 3')).toBeTruthy()
      expect(within(screen.getByRole('table')).getByText('Bear')).toBeTruthy()

      await user.clear(search)
      await user.type(search, 'cs_test_Unknown01')
      expect(
        await screen.findByText(
          'No registration of this event was paid with this Stripe payment. Check the id (cs_… or pi_…) and try again.',
        ),
      ).toBeTruthy()
      expect(screen.getByText('0 of 3')).toBeTruthy()
      expect(screen.queryByRole('table')).toBeNull()
      expect(app.errors).toEqual([])
    },
  )

  appTest(
    "downloads the edition's refunds for the accounts, reported to the audit trail (ja)",
    async (user) => {
      const app = await participantsApp('ja')
      app.server.refundList = [
        {
          refunded_at: '2025-04-01T03:04:05.000Z',
          kind: 'registration',
          registration_id: registrationIdOf(2),
          badge_number: 7,
          badge_name: '=Wolf',
          registration_tier: 'member',
          amount_jpy: 2700,
          policy_amount_jpy: 2700,
          // Split over the first payment and an upgrade's (decision 168).
          stripe_refund_ids: ['re_test_1', 're_test_2'],
          source: 'staff',
          reason: '体調不良',
          staff: 'desk@example.com',
        },
        {
          refunded_at: '2025-04-02T00:00:00.000Z',
          kind: 'addon',
          registration_id: registrationIdOf(1),
          badge_name: 'コン',
          registration_tier: 'sponsor',
          addon: 'cooking_club_tasting',
          amount_jpy: 500,
          stripe_refund_ids: [],
          source: 'cancellation',
        },
      ]
      await screen.findByRole('table', { name: '参加者' })
      await user.click(screen.getByRole('button', { name: '返金CSVをダウンロード' }))
      await waitFor(() => expect(app.downloads).toHaveLength(1))
      const parsed = expectCsvDownload(app.downloads[0], 'refunds-2025-05-10-0930.csv', refundCsvColumns)
      expect(parsed.data).toEqual([
        {
          refunded_at: '2025-04-01 12:04:05',
          kind: 'registration',
          registration_id: registrationIdOf(2),
          badge_number: '7',
          badge_name: "'=Wolf",
          registration_tier: 'member',
          addon: '',
          amount_jpy: '2700',
          policy_amount_jpy: '2700',
          stripe_refund_ids: 're_test_1 re_test_2',
          source: 'staff',
          reason: '体調不良',
          staff: 'desk@example.com',
        },
        {
          refunded_at: '2025-04-02 09:00:00',
          kind: 'addon',
          registration_id: registrationIdOf(1),
          badge_number: '',
          badge_name: 'コン',
          registration_tier: 'sponsor',
          addon: 'cooking_club_tasting',
          amount_jpy: '500',
          policy_amount_jpy: '',
          stripe_refund_ids: '',
          source: 'cancellation',
          reason: '',
          staff: '',
        },
      ])
      await waitFor(() =>
        expect(app.server.audit).toEqual([
          expect.objectContaining({ action: 'csvExported', subject: 'refunds', details: { rows: 2 } }),
        ]),
      )
      expect(app.errors).toEqual([])
    },
  )

  appTest('downloads the filtered list as CSV that parses back (en)', async (user) => {
    const app = await participantsApp('en')
    await screen.findByRole('table', { name: 'Participants' })
    await user.click(screen.getByRole('combobox', { name: 'Payment' }))
    await user.click(await screen.findByRole('option', { name: 'Paid' }))
    expect(await screen.findByText('2 of 3')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))

    const parsed = expectCsvDownload(app.downloads[0], 'participants-2025-05-10-0930.csv', csvColumns)
    expect(
      parsed.data.map((row) => [row.user_id, row.badge_name, row.checked_in_at, row.checked_in_device]),
    ).toEqual([
      [userIdOf(3), 'Bear', '2025-05-10 09:30:00', '受付1'],
      [userIdOf(1), 'コン', '', ''],
    ])
    // The list with email addresses left the device: the audit trail hears of it (decision 157).
    await waitFor(() =>
      expect(app.server.audit).toEqual([
        expect.objectContaining({ action: 'csvExported', subject: 'participants', details: { rows: 2 } }),
      ]),
    )
  })

  appTest('opens a participant with the check-in history, and undoes the check-in (en)', async (user) => {
    const app = await participantsApp('en')
    await user.click(await screen.findByRole('button', { name: 'Bear' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bear' })
    expect(within(dialog).getByText('Checked in at 09:30:00 on 受付1')).toBeTruthy()
    // Entering the admin area synced the queue, so the API has answered.
    expect(await within(dialog).findByText('Accepted')).toBeTruthy()
    expect(within(dialog).getByText('Male')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }))
    expect(await within(dialog).findByText('Check-in undone at 09:30:00 on 受付1')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Check in' })).toBeTruthy()
    expect(
      app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(3))?.current,
    ).toBeUndefined()
  })
})

describe('participant list at scale', () => {
  /** 60 people: Fox 01 … Fox 60, every third a sponsor, every tenth still pending. */
  function manyApp() {
    const server = createFakeApiServer({
      participants: Array.from({ length: 60 }, (_, i) =>
        participantWire({
          n: i + 1,
          badgeName: `Fox ${String(i + 1).padStart(2, '0')}`,
          email: `fox${String(60 - i).padStart(2, '0')}@example.com`,
          tier: (i + 1) % 3 === 0 ? 'sponsor' : 'member',
          paymentStatus: (i + 1) % 10 === 0 ? 'pending' : 'paid',
        }),
      ),
    })
    return renderSyncedAdmin(server, '/en/admin', 'en', async (services) => {
      await services.store.recordCheckIn(registrationIdOf(42))
    })
  }

  const badgeNames = () =>
    within(screen.getByRole('table', { name: 'Participants' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

  appTest('shows a page at a time and pages through, first to last', async (user) => {
    await manyApp()
    await screen.findByRole('table', { name: 'Participants' })
    expect(badgeNames()).toHaveLength(25)
    expect(badgeNames()[0]).toBe('Fox 01')
    expect(screen.getByText('1–25 of 60')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('26–50 of 60')).toBeTruthy()
    expect(badgeNames()[0]).toBe('Fox 26')
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    expect(await screen.findByText('51–60 of 60')).toBeTruthy()
    expect(badgeNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Fox ${51 + i}`))

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }))
    await user.click(await screen.findByRole('option', { name: '100' }))
    expect(await screen.findByText('1–60 of 60')).toBeTruthy()
    expect(badgeNames()).toHaveLength(60)
  })

  appTest(
    'sorts by a column header either way, and a filter starts again at the first page',
    async (user) => {
      await manyApp()
      const table = await screen.findByRole('table', { name: 'Participants' })
      await user.click(within(table).getByRole('button', { name: 'Badge name' }))
      expect(within(table).getByRole('columnheader', { name: 'Badge name' }).getAttribute('aria-sort')).toBe(
        'descending',
      )
      expect(badgeNames()[0]).toBe('Fox 60')

      // Emails run the other way round from the names (fox60@ is Fox 01's).
      await user.click(within(table).getByRole('button', { name: 'Email' }))
      expect(within(table).getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe(
        'ascending',
      )
      expect(badgeNames().slice(0, 2)).toEqual(['Fox 60', 'Fox 59'])

      // Checked-in people first, by check-in time; the rest after them.
      await user.click(within(table).getByRole('button', { name: 'Check-in' }))
      expect(badgeNames()[0]).toBe('Fox 42')

      await user.click(screen.getByRole('button', { name: 'Next page' }))
      expect(await screen.findByText('26–50 of 60')).toBeTruthy()
      await user.click(screen.getByRole('combobox', { name: 'Tier' }))
      await user.click(await screen.findByRole('option', { name: 'Sponsor' }))
      expect(await screen.findByText('1–20 of 20')).toBeTruthy()
      expect(screen.getByText('20 of 60')).toBeTruthy()
      expect(badgeNames()[0]).toBe('Fox 42')
      expect(badgeNames()).toHaveLength(20)
    },
  )

  appTest('downloads the check-ins as CSV, beside the participants', async (user) => {
    const app = await manyApp()
    await screen.findByRole('table', { name: 'Participants' })
    // Entering the admin area syncs: the CSV carries the API's answer.
    await waitFor(() => expect(app.services.store.getSnapshot().pendingCount).toBe(0))
    await user.click(screen.getByRole('button', { name: 'Download check-ins CSV' }))
    const parsed = expectCsvDownload(app.downloads[0], 'check-ins-2025-05-10-0930.csv', checkInCsvColumns)
    expect(parsed.data).toEqual([
      {
        checked_in_at: '2025-05-10 09:30:00',
        kind: 'check_in',
        registration_id: registrationIdOf(42),
        user_id: userIdOf(42),
        badge_name: 'Fox 42',
        email: 'fox19@example.com',
        device_id: app.services.device.getSnapshot().id,
        device_name: '受付1',
        status: 'accepted',
        reason: '',
      },
    ])
  })
})
