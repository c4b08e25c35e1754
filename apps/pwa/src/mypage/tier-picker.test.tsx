import { type Edition, firstEdition } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { flagsOn, openPage, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

const cardOf = async (tier: RegExp) =>
  within((await screen.findByRole('radio', { name: tier })).closest('.MuiCard-root') as HTMLElement)

describe('tier cards', () => {
  it('show what each tier includes, the refund deadlines beside the price, and the spots left', async () => {
    const fake = signedIn()
    fake.backend.state.inventory = [
      { registrationTier: 'member', status: 'available' },
      { registrationTier: 'fursuiter', status: 'few_left' },
      { registrationTier: 'sponsor', status: 'sold_out' },
      { registrationTier: 'sponsor_fursuiter', status: 'available' },
    ]
    openPage('/en/mypage/registration', fake)
    const member = await cardOf(/^Member.*JPY 3,000.*Available/)
    expect(member.getByText('– Conbook (not included)')).toBeTruthy()
    expect(member.getByText('– Sticker (not included)')).toBeTruthy()
    expect(
      member.getByText('Refund if you cancel: 90 % until April 10, 2025, 50 % until May 3, 2025, none after'),
    ).toBeTruthy()
    const sponsor = await cardOf(/^Sponsor.*JPY 10,000.*Sold out/)
    for (const benefit of [
      'Conbook',
      'Limited neck strap',
      'Official T-shirt',
      'Tote bag',
      'Entry badge case',
      'Sticker',
    ])
      expect(sponsor.getByText(`✓ ${benefit}`)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /^Sponsor.*Sold out/ })).toHaveProperty('disabled', true),
    )
    const fursuiter = screen.getByRole('radio', { name: /^Fursuiter.*JPY 4,000.*Few left/ })
    expect((fursuiter as HTMLInputElement).disabled).toBe(false)
    // The refund deadlines and benefits describe the choice for screen readers too.
    const details = document.getElementById(fursuiter.getAttribute('aria-describedby') ?? '')
    expect(details?.textContent).toContain('Refund if you cancel')
  })

  it('in Japanese too', async () => {
    const fake = signedIn()
    openPage('/ja/mypage/registration', fake)
    const sponsor = await cardOf(/^スポンサー参加.*10,000円/)
    expect(sponsor.getByText('✓ コンブック')).toBeTruthy()
    expect(
      sponsor.getByText('キャンセル時の返金：2025年4月10日まで90%、2025年5月3日まで50%、それ以降は返金なし'),
    ).toBeTruthy()
    const member = await cardOf(/^一般参加.*3,000円/)
    expect(member.getByText('– コンブック（なし）')).toBeTruthy()
  })

  it("show the current edition's prices and refund policy, and a tier it has not put on sale cannot be chosen", async () => {
    const fake = signedIn()
    const edition: Edition = {
      ...firstEdition,
      tiers: {
        ...firstEdition.tiers,
        member: { ...firstEdition.tiers.member, priceJpy: 3500 },
        sponsor: { ...firstEdition.tiers.sponsor, onSale: false },
      },
      refundPolicy: { earlyUntil: '2025-04-01', lateUntil: '2025-05-01', earlyPercent: 80, latePercent: 40 },
    }
    renderApp('/en/mypage/registration', {
      account: fake.account,
      flags: flagsOn,
      edition: { edition, phase: 'onSale' },
    })
    const member = await cardOf(/^Member.*JPY 3,500/)
    expect(
      member.getByText('Refund if you cancel: 80 % until April 1, 2025, 40 % until May 1, 2025, none after'),
    ).toBeTruthy()
    const sponsor = await cardOf(/^Sponsor.*JPY 10,000.*Not on sale/)
    expect(sponsor.getByRole('radio')).toHaveProperty('disabled', true)
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /^Member.*JPY 3,500/ })).toHaveProperty('disabled', false),
    )
  })

  it('require agreeing to the participation rules, which are a link away, before payment', async () => {
    const fake = signedIn()
    openPage('/en/mypage/registration', fake)
    fireEvent.click(await screen.findByRole('radio', { name: /^Member/ }))
    fireEvent.change(await screen.findByLabelText(/Badge name/), { target: { value: 'Kemo' } })
    const rules = screen.getByRole('link', { name: 'Read the participation rules (opens in a new tab)' })
    expect(rules.getAttribute('href')).toBe('/en/participation-rules')
    expect(rules.getAttribute('target')).toBe('_blank')
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }))
    expect(await screen.findByText('You must agree to the participation rules to register')).toBeTruthy()
    expect(fake.backend.state.requests.map((request) => request.method)).not.toContain('postRegistration')
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the participation rules' }))
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }))
    await waitFor(() => expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_1']))
    expect(
      fake.backend.state.requests.find((request) => request.method === 'postRegistration')?.body,
    ).toMatchObject({ registrationTier: 'member', badgeName: 'Kemo', agreedToRules: true })
  })
})
