import type { EventCancellationRunWire } from '@furfes/core'
import { screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire } from '../test/fixtures.ts'
import { appTest, pressForConfirmation, renderApp, uiTimeoutMs } from '../test/render.tsx'

function settingsApp(language: 'ja' | 'en', eventRun?: EventCancellationRunWire) {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'Fox', tier: 'sponsor', tShirtSize: 'M' }),
      participantWire({ n: 2, badgeName: 'Wolf' }),
      participantWire({ n: 3, badgeName: 'Bear', paymentStatus: 'pending' }),
    ],
  })
  server.eventRun = eventRun
  return renderApp({ path: `/${language}/admin/settings`, language, server, signedIn: true })
}

describe('event-cancelled refund in settings', () => {
  appTest(
    'shows dry-run totals, asks to confirm, then shows the run until it finishes (en)',
    async (user) => {
      const app = await settingsApp('en')
      const card = await screen.findByRole('region', { name: 'Event cancelled: refund everyone' })
      const expenses = within(card).getByRole('textbox', { name: /Expenses per person/ })

      await user.click(within(card).getByRole('button', { name: 'Dry run' }))
      expect(within(card).getByText('Enter a whole number of yen.')).toBeTruthy()
      await user.type(expenses, '１,０００')
      await user.click(within(card).getByRole('button', { name: 'Dry run' }))

      const totals = await within(card).findByRole('table', { name: 'Dry run totals' })
      const rows = within(totals)
        .getAllByRole('row')
        .map((row) => row.textContent)
      expect(rows).toContain('Member1¥3,000¥2,000')
      expect(rows).toContain('Sponsor1¥10,000¥9,000')
      expect(rows).toContain('All tiers2¥13,000¥11,000')
      expect(within(card).getByText('Kept for expenses: ¥2,000 (¥1,000 per person).')).toBeTruthy()
      expect(app.server.eventRun).toBeUndefined()

      await pressForConfirmation(
        user,
        card,
        'Refund everyone',
        'Cancel 2 paid registrations and refund ¥11,000 in all? This cannot be undone.',
      )
      const registrationOpen = screen.getByRole('switch', {
        name: 'Registration is open',
      }) as HTMLInputElement
      expect([registrationOpen.checked, registrationOpen.disabled]).toEqual([true, false])
      await user.click(within(card).getByRole('button', { name: 'Confirm refund' }))

      expect(
        await within(card).findByText('Refunding (¥1,000 kept per person): 0 of 2 done, 0 failed.'),
      ).toBeTruthy()
      // Registration closed for good with the run: the switch is off, locked, and says why.
      const closed = (await screen.findByRole('switch', {
        name: 'Registration is open',
        description: 'Registration cannot reopen: the event-cancellation refunds have started.',
      })) as HTMLInputElement
      expect([closed.checked, closed.disabled]).toEqual([false, true])
      expect(app.server.flags).toMatchObject({ is_registration_available: false, is_event_cancelled: true })
      expect(within(card).getByRole('progressbar', { name: 'Refund progress' })).toBeTruthy()
      expect(
        await within(card).findByText(
          'Finished (¥1,000 kept per person): 2 of 2 refunded, 0 failed.',
          {},
          { timeout: uiTimeoutMs },
        ),
      ).toBeTruthy()
      expect(app.server.eventRun).toMatchObject({ status: 'finished', expenses_per_person_jpy: 1000 })
    },
  )

  appTest('reports refusals the run keeps retrying, with the last error (en)', async () => {
    await settingsApp('en', {
      run_id: '00000000-0000-4000-8000-00000000e0e1',
      status: 'running',
      expenses_per_person_jpy: 1000,
      total_registrations: 2,
      refunded: 0,
      failed: 1,
      started_at: new Date(0).toISOString(),
      last_error: 'b7d3: Your card was declined.',
    })
    const card = await screen.findByRole('region', { name: 'Event cancelled: refund everyone' })

    expect(
      await within(card).findByText(
        'Refunding (¥1,000 kept per person): 1 of 2 done, 1 failed.',
        {},
        { timeout: uiTimeoutMs },
      ),
    ).toBeTruthy()
    expect(within(card).getByText('Last error: b7d3: Your card was declined.')).toBeTruthy()
    expect(within(card).getByRole('alert').textContent).toContain(
      'Refunds the payment provider refused stay paid and are tried again by the run',
    )
  })

  appTest('says in Japanese what the dry run would refund', async (user) => {
    await settingsApp('ja')
    const card = await screen.findByRole('region', { name: 'イベント中止：全員への返金' })
    await user.type(within(card).getByRole('textbox', { name: /1人あたりの費用（円）/ }), '500')
    await user.click(within(card).getByRole('button', { name: '試算する' }))
    expect(await within(card).findByText('費用として差し引く額：1,000円（1人あたり500円）')).toBeTruthy()
    await pressForConfirmation(
      user,
      card,
      '全員に返金する',
      '支払い済みの参加登録2件をキャンセルし、合計12,000円を返金しますか？この操作は取り消せません。',
    )
  })
})
