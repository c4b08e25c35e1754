import type { TierChangeQuote } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { flagsOn, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

/*
 * A paid participant changes tier on the registration page (decision 167): only tiers without a changing room, each
 * with today's amount, the rule said in ja and en, a confirmation dialog, and the result.
 */

const fursuiterQuote: TierChangeQuote = {
  registrationId: 'b8f1c9a2-5d4e-4f3a-9c2b-1a0e8d7c6b5a',
  registrationTier: 'sponsor_fursuiter',
  paidJpy: 11000,
  policyPercentage: 90,
  closesAt: Date.parse('2025-05-03T00:00:00+09:00'),
  targets: [
    {
      registrationTier: 'member',
      priceJpy: 3000,
      direction: 'downgrade',
      payJpy: 0,
      refundJpy: 7200,
      available: true,
    },
    {
      registrationTier: 'sponsor',
      priceJpy: 10000,
      direction: 'downgrade',
      payJpy: 0,
      refundJpy: 900,
      available: true,
    },
  ],
}

/** A fursuiter whose member tier is sold out, and who may move up to sponsor paying 6,000 yen. */
const fursuiterUpgradeQuote: TierChangeQuote = {
  ...fursuiterQuote,
  registrationTier: 'fursuiter',
  paidJpy: 4000,
  targets: [
    {
      ...(fursuiterQuote.targets[0] as TierChangeQuote['targets'][number]),
      refundJpy: 900,
      available: false,
    },
    {
      registrationTier: 'sponsor',
      priceJpy: 10000,
      direction: 'upgrade',
      payJpy: 6000,
      refundJpy: 0,
      available: true,
    },
  ],
}

const changeRequests = (fake: ReturnType<typeof signedIn>) =>
  fake.backend.state.requests.filter((request) => request.method === 'changeRegistrationTier')

describe('changing tier after payment', () => {
  it('lists the tiers without a changing room with their refund, asks for the size of a sponsor tier, confirms and shows the result', async () => {
    const fake = signedIn()
    fake.backend.state.registration = {
      ...paidRegistration('sponsor_fursuiter', 'Kemo'),
      tShirtSize: undefined,
      changingRoomType: 'male',
    }
    fake.backend.state.tierChangeQuote = fursuiterQuote
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    expect(
      await screen.findByText(
        'The category can only be changed after payment, and only to a category without a changing room (Member or Sponsor).',
      ),
    ).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Change category' }))
    const targets = await screen.findByRole('radiogroup', { name: 'Move to' })
    expect(
      within(targets)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Member: ¥7,200 of the difference is refunded (90% under the refund policy today)',
      'Sponsor: ¥900 of the difference is refunded (90% under the refund policy today)',
    ])
    fireEvent.click(within(targets).getByRole('radio', { name: /^Sponsor/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Change category…' }))
    expect(await screen.findByText('Choose a T-shirt size.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/T-shirt size/), { target: { value: 'M' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change category…' }))

    const dialog = await screen.findByRole('dialog', { name: 'Change your category?' })
    expect(within(dialog).getByText(/moves from Fursuiter sponsor to Sponsor/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change category' }))

    expect(
      await screen.findByText(
        /Your category is now Sponsor\. .*¥900 will be refunded to the card you paid with\./,
      ),
    ).toBeTruthy()
    expect(changeRequests(fake)).toEqual([
      {
        method: 'changeRegistrationTier',
        body: {
          idempotencyKey: expect.any(String),
          registrationTier: 'sponsor',
          amountJpy: 900,
          tShirtSize: 'M',
        },
      },
    ])
    // Once the dialog has closed, the registration shown is the one the API now has.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Registered' })).getAllByText('Sponsor').length,
      ).toBeGreaterThan(0),
    )
    // The details form starts again from the new tier: its size, and no changing room.
    fireEvent.click(screen.getByRole('button', { name: 'Change details' }))
    expect(((await screen.findByLabelText(/T-shirt size/)) as HTMLSelectElement).value).toBe('M')
    expect(screen.queryByText(/changing room/i, { selector: 'legend' })).toBeNull()
  })

  it('offers a higher tier in Japanese with its price, sends to Checkout, and shows the upgrade awaiting payment on return', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('fursuiter')
    fake.backend.state.tierChangeQuote = fursuiterUpgradeQuote
    const view = renderApp('/ja/mypage/registration', { account: fake.account, flags: flagsOn })

    expect(
      await screen.findByText(
        '参加区分の変更は、お支払いの後に、更衣室のない参加区分（一般参加・スポンサー参加）への変更に限り承ります。',
      ),
    ).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: '参加区分を変更する' }))
    const targets = await screen.findByRole('radiogroup', { name: '変更先' })
    const radios = within(targets).getAllByRole('radio')
    // The sold-out tier stays unselectable; the higher one is offered with its price.
    expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([true, false])
    expect(within(targets).getByText(/売り切れ/)).toBeTruthy()
    fireEvent.click(within(targets).getByRole('radio', { name: /差額6,000円のお支払い/ }))
    fireEvent.change(screen.getByLabelText(/Tシャツ/), { target: { value: 'L' } })
    fireEvent.click(screen.getByRole('button', { name: '参加区分を変更する…' }))

    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'お支払いページで差額6,000円をお支払いいただくと、参加区分が着ぐるみ参加からスポンサー参加に変わります。受付コードは変わりません。',
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '6,000円を支払う' }))

    await waitFor(() =>
      expect(fake.navigatedTo).toEqual(['https://checkout.stripe.test/pay/cs_test_upgrade']),
    )
    expect(changeRequests(fake)).toEqual([
      {
        method: 'changeRegistrationTier',
        body: {
          idempotencyKey: expect.any(String),
          registrationTier: 'sponsor',
          amountJpy: 6000,
          tShirtSize: 'L',
          successUrl: 'http://localhost:5173/ja/mypage/dashboard?refresh=true',
          cancelUrl: 'http://localhost:5173/ja/mypage/registration?refresh=true',
        },
      },
    ])

    // Back on My Page before the payment is applied: the upgrade shows as awaiting payment, with its page.
    view.unmount()
    renderApp('/ja/mypage/registration', { account: fake.account, flags: flagsOn })
    expect(
      await screen.findByText(
        'スポンサー参加への変更は、差額6,000円のお支払いをお待ちしています。2025年4月1日 12:30:00（日本時間）まで枠を確保しています。それまでにお支払いがない場合、参加区分は変わりません。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: '参加区分を変更する' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'お支払いページへ' }))
    expect(fake.navigatedTo).toEqual([
      'https://checkout.stripe.test/pay/cs_test_upgrade',
      'https://checkout.stripe.test/pay/cs_test_upgrade',
    ])
  })

  it('says so when the higher tier sold out meanwhile and shows it sold out', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('fursuiter')
    fake.backend.state.tierChangeQuote = fursuiterUpgradeQuote
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    fireEvent.click(await screen.findByRole('button', { name: 'Change category' }))
    fireEvent.click(await screen.findByRole('radio', { name: /^Sponsor: ¥6,000 to pay/ }))
    fireEvent.change(screen.getByLabelText(/T-shirt size/), { target: { value: 'M' } })
    // The last sponsor spot goes before the confirmation.
    fake.backend.state.tierChangeQuote = {
      ...fursuiterUpgradeQuote,
      targets: fursuiterUpgradeQuote.targets.map((each) => ({ ...each, available: false })),
    }
    fireEvent.click(screen.getByRole('button', { name: 'Change category…' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ¥6,000' }))

    expect(
      await screen.findByText(
        'Sponsor sold out while the page was open, so your category stays as it is. A spot may come back if someone cancels: check again later.',
      ),
    ).toBeTruthy()
    expect(await screen.findByRole('radio', { name: 'Sponsor: Sold out' })).toHaveProperty('disabled', true)
    expect(fake.navigatedTo).toEqual([])
  })

  it('shows the new amounts when they changed while the page was open, and sends again with a new key', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('fursuiter')
    const quote: TierChangeQuote = {
      ...fursuiterQuote,
      registrationTier: 'fursuiter',
      paidJpy: 4000,
      targets: [{ ...(fursuiterQuote.targets[0] as TierChangeQuote['targets'][number]), refundJpy: 900 }],
    }
    fake.backend.state.tierChangeQuote = quote
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    fireEvent.click(await screen.findByRole('button', { name: 'Change category' }))
    fireEvent.click(await screen.findByRole('radio', { name: /^Member/ }))
    // A cut-off passes before the confirmation: the refund is now 50 %.
    fake.backend.state.tierChangeQuote = {
      ...quote,
      policyPercentage: 50,
      targets: [{ ...(quote.targets[0] as TierChangeQuote['targets'][number]), refundJpy: 500 }],
    }
    fireEvent.click(screen.getByRole('button', { name: 'Change category…' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change category' }),
    )

    expect(
      await screen.findByText(
        'The amounts have changed since the page was opened. Check them and confirm again.',
      ),
    ).toBeTruthy()
    expect(await screen.findByText(/Member: ¥500 of the difference is refunded \(50%/)).toBeTruthy()
    const [first] = changeRequests(fake)
    expect(first?.body).toMatchObject({ amountJpy: 900 })
  })
})
