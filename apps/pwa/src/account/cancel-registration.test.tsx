import { ProductError, type RefundQuote } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeAccount } from '../test/fake-account.ts'
import { flagsOn, openPage, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

/*
 * The cancel-registration page (decision 165): today's refund, a confirmation that says what cannot be undone,
 * one key per confirmation, the result, and My Page showing the registration canceled.
 */

const quote = (policyRefundJpy: number, policyPercentage: number): RefundQuote => ({
  registrationId: '7d4d3c3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e',
  paymentStatus: 'paid',
  feeJpy: 3000,
  policyPeriod: policyPercentage === 90 ? 'early' : policyPercentage === 50 ? 'late' : 'none',
  policyPercentage,
  policyRefundJpy,
})

function paidMember(policyRefundJpy = 2700, policyPercentage = 90) {
  const fake = signedIn()
  fake.backend.state.registration = paidRegistration('member')
  fake.backend.state.cancellationQuote = quote(policyRefundJpy, policyPercentage)
  return fake
}

const click = async (name: string | RegExp, inside: HTMLElement = document.body) =>
  fireEvent.click(await within(inside).findByRole('button', { name }))

const cancelRequests = (fake: ReturnType<typeof signedIn>) =>
  fake.backend.state.requests.filter((request) => request.method === 'cancelRegistration')

describe('cancel-registration', () => {
  it("shows today's refund, confirms in a dialog, cancels and My Page shows the registration canceled", async () => {
    const fake = paidMember()
    openPage('/en/cancel-registration', fake)

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancelling your registration' }),
    ).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('参加登録のキャンセル | 東京ふぁーりーフェス 2025'))
    expect(
      await screen.findByText('Of your fee of ¥3,000, cancelling today refunds ¥2,700 (90%).'),
    ).toBeTruthy()
    await click('Cancel my registration')
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your registration?' })
    expect(
      within(dialog).getByText(/This cannot be undone: your registration code will no longer admit you/),
    ).toBeTruthy()
    await click('Cancel registration', dialog)

    expect(
      await screen.findByText(
        'Your registration has been canceled and ¥2,700 has been refunded to the card you paid with. A confirmation mail is on its way.',
      ),
    ).toBeTruthy()
    expect(cancelRequests(fake)).toEqual([
      { method: 'cancelRegistration', body: { idempotencyKey: expect.any(String), refundJpy: 2700 } },
    ])
    // My Page reads the registration again: canceled, with the refund.
    fireEvent.click(screen.getByRole('link', { name: 'Back to My Page' }))
    const section = await screen.findByRole('region', { name: 'Registration' })
    expect(await within(section).findByText('Canceled')).toBeTruthy()
    expect(await within(section).findByText('¥2,700')).toBeTruthy()
  })

  it('says in Japanese that nothing is refunded after the last cut-off, and still cancels', async () => {
    const fake = paidMember(0, 0)
    openPage('/ja/cancel-registration', fake)

    expect(
      await screen.findByText(
        '本日のキャンセルでは、返金ポリシーにより参加費 3,000円 の返金はありません。キャンセルすると、枠はキャンセル待ちの方へ回ります。',
      ),
    ).toBeTruthy()
    await click('参加登録をキャンセルする')
    const dialog = await screen.findByRole('dialog', { name: '参加登録をキャンセルしますか？' })
    await click('キャンセルする', dialog)

    expect(
      await screen.findByText('参加登録をキャンセルしました。返金はありません。確認のメールをお送りします。'),
    ).toBeTruthy()
    expect(cancelRequests(fake)[0]?.body).toMatchObject({ refundJpy: 0 })
  })

  it('keeps the registration when the dialog is dismissed, and retries a failed cancel with the same key', async () => {
    const fake = paidMember()
    openPage('/en/cancel-registration', fake)

    await click('Cancel my registration')
    await click('Keep my registration', await screen.findByRole('dialog'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(cancelRequests(fake)).toEqual([])

    fake.backend.fail('cancelRegistration', new ProductError('refundFailed', 502))
    await click('Cancel my registration')
    const dialog = await screen.findByRole('dialog')
    await click('Cancel registration', dialog)
    expect(
      await within(dialog).findByText(
        'The refund failed at the payment provider. Nothing was changed; please try again.',
      ),
    ).toBeTruthy()
    await click('Cancel registration', dialog)

    expect(await screen.findByText(/Your registration has been canceled and ¥2,700/)).toBeTruthy()
    const [failed, done] = cancelRequests(fake).map((request) => request.body as { idempotencyKey: string })
    expect(done?.idempotencyKey).toBe(failed?.idempotencyKey)
  })

  it('shows the new amount when a cut-off passed while the page was open, and sends it with a new key', async () => {
    const fake = paidMember()
    openPage('/en/cancel-registration', fake)
    await screen.findByText(/cancelling today refunds ¥2,700/)
    fake.backend.state.cancellationQuote = quote(1500, 50)

    await click('Cancel my registration')
    await click('Cancel registration', await screen.findByRole('dialog'))
    expect(
      await screen.findByText('Of your fee of ¥3,000, cancelling today refunds ¥1,500 (50%).'),
    ).toBeTruthy()
    expect(
      screen.getByText(
        'The refund amount has changed since the page was opened. Check the new amount and confirm again.',
      ),
    ).toBeTruthy()
    await click('Cancel my registration')
    await click('Cancel registration', await screen.findByRole('dialog'))

    expect(await screen.findByText(/Your registration has been canceled and ¥1,500/)).toBeTruthy()
    const [changed, done] = cancelRequests(fake).map(
      (request) => request.body as { idempotencyKey: string; refundJpy: number },
    )
    expect([changed?.refundJpy, done?.refundJpy]).toEqual([2700, 1500])
    expect(done?.idempotencyKey).not.toBe(changed?.idempotencyKey)
  })

  it('offers the registration page and the contact form to someone with nothing paid to cancel', async () => {
    const fake = signedIn()
    openPage('/ja/cancel-registration', fake)

    expect(await screen.findByText('キャンセルできる支払い済みの参加登録はありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'お問い合わせフォームへ' }).getAttribute('href')).toBe(
      '/ja/contact-us',
    )
    expect(screen.queryByRole('button', { name: '参加登録をキャンセルする' })).toBeNull()
  })

  it('sends a visitor without a session to sign-in, and back here afterwards', async () => {
    const { account } = createFakeAccount()
    const { recorded } = renderApp('/ja/cancel-registration', { account, flags: flagsOn })
    await screen.findByRole('heading', { level: 1, name: 'サインイン' })
    expect(recorded.location.state).toMatchObject({ returnTo: '/ja/cancel-registration' })
  })
})
