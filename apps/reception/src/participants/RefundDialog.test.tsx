import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect } from 'vitest'
import { createFakeApiServer, type FakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, pressForConfirmation, renderSyncedAdmin } from '../test/render.tsx'

/** Before the policy's first cut-off (decision 110): 90 % of the fee. */
const early = Date.parse('2025-03-01T10:00:00+09:00')

async function refundApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    now: () => early,
    participants: [
      participantWire({ n: 1, badgeName: 'Fox', tier: 'sponsor', tShirtSize: 'M' }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'pending' }),
    ],
  })
  const app = await renderSyncedAdmin(server, `/${language}/admin`, language)
  return { app, server }
}

async function openRefund(user: UserEvent, name: string, action: string) {
  await user.click(await screen.findByRole('button', { name }))
  const participant = await screen.findByRole('dialog', { name })
  await user.click(within(participant).getByRole('button', { name: action }))
  return participant
}

/** The dialog says Fox's refund is done, and the API holds that refund with these fields. */
async function expectFoxRefunded(
  dialog: HTMLElement,
  server: FakeApiServer,
  done: string,
  refund: Record<string, unknown>,
) {
  expect(await within(dialog).findByText(done)).toBeTruthy()
  expect(server.refunds.get(registrationIdOf(1))?.refund).toMatchObject(refund)
}

describe('cancel and refund from the participant dialog', () => {
  appTest(
    'proposes the policy amount, confirms, refunds once, and the registration turns canceled (en)',
    async (user) => {
      const { app, server } = await refundApp('en')
      await openRefund(user, 'Fox', 'Cancel and refund')
      const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund: Fox' })
      expect(
        await within(dialog).findByText(
          'The fee was ¥10,000. Canceled today, the refund policy gives back 90%: ¥9,000.',
        ),
      ).toBeTruthy()
      expect(
        (within(dialog).getByRole('textbox', { name: /Amount to refund/ }) as HTMLInputElement).value,
      ).toBe('9000')
      expect(within(dialog).queryByRole('textbox', { name: /Reason/ })).toBeNull()

      await pressForConfirmation(
        user,
        dialog,
        'Continue',
        'Refund ¥9,000 to Fox and cancel the registration? Their code stops working at the door. This cannot be undone.',
      )
      await user.dblClick(within(dialog).getByRole('button', { name: 'Cancel and refund' }))

      await expectFoxRefunded(
        dialog,
        server,
        'The registration of Fox is canceled and ¥9,000 was refunded.',
        {
          amount_jpy: 9000,
          source: 'staff',
        },
      )
      // Every request of this dialog carried its one key: the API refunds once however often it is clicked.
      const keys = new Set(
        server.refundRequests.map((body) => (body as { idempotency_key: string }).idempotency_key),
      )
      expect(keys.size).toBe(1)
      // The refreshed snapshot marks it canceled, so its code stops verifying at the door.
      await waitFor(() =>
        expect(
          app.services.store
            .getSnapshot()
            .participants.find((p) => p.registration?.registrationId === registrationIdOf(1))?.registration
            ?.paymentStatus,
        ).toBe('canceled'),
      )
    },
  )

  appTest(
    'requires a reason for another amount, refuses more than the fee, reads fullwidth digits, and retries after a failure (ja)',
    async (user) => {
      const { server } = await refundApp('ja')
      server.failNextRefunds()
      await openRefund(user, 'Fox', 'キャンセル・返金')
      const dialog = await screen.findByRole('dialog', { name: 'キャンセル・返金：Fox' })
      const amount = await within(dialog).findByRole('textbox', { name: /返金額（円）/ })

      await user.clear(amount)
      await user.type(amount, '10001')
      await user.click(within(dialog).getByRole('button', { name: '次へ' }))
      expect(within(dialog).getByText('返金額は参加費（10,000円）を超えられません。')).toBeTruthy()

      // Typed on a Japanese keyboard: fullwidth digits and a thousands separator.
      await user.clear(amount)
      await user.type(amount, '１０，０００')
      await user.click(within(dialog).getByRole('button', { name: '次へ' }))
      const reason = within(dialog).getByRole('textbox', { name: /規定額と異なる理由/ })
      expect(reason.getAttribute('aria-invalid')).toBe('true')
      expect(
        within(dialog).getByText('規定額と異なる金額を返金する場合は理由を入力してください。'),
      ).toBeTruthy()
      await user.type(reason, '会場都合')
      await user.click(within(dialog).getByRole('button', { name: '次へ' }))
      expect(within(dialog).getByText('理由：会場都合')).toBeTruthy()

      await user.click(within(dialog).getByRole('button', { name: 'キャンセル・返金する' }))
      expect(
        await within(dialog).findByText(
          '決済事業者で返金に失敗しました。何も変更されていません。もう一度お試しください。',
        ),
      ).toBeTruthy()
      expect(server.refunds.size).toBe(0)

      await user.click(within(dialog).getByRole('button', { name: 'もう一度試す' }))
      await expectFoxRefunded(dialog, server, 'Foxさんの参加登録をキャンセルし、10,000円を返金しました。', {
        amount_jpy: 10_000,
        policy_amount_jpy: 9_000,
        reason: '会場都合',
      })
    },
  )

  appTest(
    'warns that the person has been checked in, and refunds only once staff acknowledge it (en)',
    async (user) => {
      const { app, server } = await refundApp('en')
      await app.services.store.recordCheckIn(registrationIdOf(1))
      await openRefund(user, 'Fox', 'Cancel and refund')
      const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund: Fox' })
      const warning = 'Fox has been checked in at 09:30:00 on 受付1.'
      expect(within(dialog).getByText(warning)).toBeTruthy()
      await within(dialog).findByRole('textbox', { name: /Amount to refund/ })
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

      // The confirmation still says so, and cannot be given without acknowledging it.
      expect(within(dialog).getByText(warning)).toBeTruthy()
      const submit = within(dialog).getByRole('button', { name: 'Cancel and refund' }) as HTMLButtonElement
      expect(submit.disabled).toBe(true)
      expect(server.refundRequests).toEqual([])
      await user.click(
        within(dialog).getByRole('checkbox', {
          name: 'I know this person has been checked in, and refund anyway.',
        }),
      )
      expect(submit.disabled).toBe(false)
      await user.click(submit)
      await expectFoxRefunded(
        dialog,
        server,
        'The registration of Fox is canceled and ¥9,000 was refunded.',
        {
          amount_jpy: 9000,
        },
      )
      expect(within(dialog).queryByText(warning)).toBeNull()
    },
  )

  appTest('says in Japanese that the person has been checked in', async (user) => {
    const { app } = await refundApp('ja')
    await app.services.store.recordCheckIn(registrationIdOf(1))
    await openRefund(user, 'Fox', 'キャンセル・返金')
    const dialog = await screen.findByRole('dialog', { name: 'キャンセル・返金：Fox' })
    expect(within(dialog).getByText('Foxさんは 09:30:00 に 受付1 でチェックイン済みです。')).toBeTruthy()
    await user.click(await within(dialog).findByRole('button', { name: '次へ' }))
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'この参加者がチェックイン済みであることを確認したうえで返金します。',
      }),
    ).toBeTruthy()
  })

  appTest('offers cancel and refund only for a paid registration', async (user) => {
    await refundApp('en')
    await user.click(await screen.findByRole('button', { name: 'Wolf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wolf' })
    expect(within(dialog).queryByRole('button', { name: 'Cancel and refund' })).toBeNull()
  })

  for (const [language, text] of [
    ['ja', /^支払いを自動で返金しました：3,000円（.+）。確保の期限切れ後に届いた支払いです。$/],
    ['en', /^Payment refunded automatically: ¥3,000 at .+\. It arrived after the hold ended\.$/],
  ] as const) {
    appTest(`shows staff a payment that was refunded automatically (${language})`, async (user) => {
      const server = createFakeApiServer({
        now: () => early,
        participants: [participantWire({ n: 3, badgeName: 'Hare', paymentStatus: 'expired' })],
      })
      server.automaticRefunds.set(registrationIdOf(3), {
        amount_jpy: 3000,
        reason: 'hold_ended',
        status: 'refunded',
        owed_at: new Date(early).toISOString(),
        refunded_at: new Date(early).toISOString(),
      })
      await renderSyncedAdmin(server, `/${language}/admin`, language)
      await user.click(await screen.findByRole('button', { name: 'Hare' }))
      const dialog = await screen.findByRole('dialog', { name: 'Hare' })
      expect((await within(dialog).findByRole('status')).textContent).toMatch(text)
    })
  }
})
