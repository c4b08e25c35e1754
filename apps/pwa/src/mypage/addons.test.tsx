import type { Addon } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { now } from '../test/fake-account.ts'
import { paidRegistration, pendingRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

const tasting = (): Addon => ({
  code: 'cooking_club_tasting',
  name: { ja: '料理部 試食会', en: 'Cooking club tasting' },
  priceJpy: 500,
  capacity: 50,
  remaining: 12,
  saleOpensAt: now - 86_400_000,
  saleClosesAt: now + 86_400_000,
  purchase: null,
})

function paidMember(addon: Addon) {
  const fake = signedIn()
  fake.backend.state.registration = paidRegistration('member')
  fake.backend.state.addons = [addon]
  return fake
}

const addonsSection = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement)

describe('add-ons on My Page', () => {
  it('offers a paid participant the tasting and sends them to its checkout, coming back to the dashboard', async () => {
    const fake = paidMember(tasting())
    renderApp('/ja/mypage/dashboard', { account: fake.account })
    const section = await addonsSection('追加商品')
    expect(section.getByText('料理部 試食会')).toBeTruthy()
    expect(section.getByText('未購入')).toBeTruthy()
    fireEvent.click(section.getByRole('button', { name: '購入する：料理部 試食会' }))
    await waitFor(() =>
      expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_addon']),
    )
    expect(fake.backend.state.requests.find((request) => request.method === 'buyAddon')?.body).toEqual({
      code: 'cooking_club_tasting',
      successUrl: 'http://localhost:5173/ja/mypage/dashboard?refresh=true',
      cancelUrl: 'http://localhost:5173/ja/mypage/dashboard?refresh=true',
    })
  })

  it('shows what was bought and its status in English', async () => {
    const fake = paidMember({
      ...tasting(),
      purchase: { purchaseId: 'p1', status: 'paid', amountJpy: 500, purchasedAt: now, paidAt: now },
    })
    renderApp('/en/mypage/dashboard', { account: fake.account })
    const section = await addonsSection('Add-ons')
    expect(section.getByText('Cooking club tasting')).toBeTruthy()
    expect(section.getByText('Bought')).toBeTruthy()
    expect(section.queryByRole('button')).toBeNull()
  })

  it('says sold out when no place is left', async () => {
    const fake = paidMember({ ...tasting(), remaining: 0 })
    renderApp('/en/mypage/dashboard', { account: fake.account })
    const section = await addonsSection('Add-ons')
    expect(section.getByText('Sold out.')).toBeTruthy()
    expect(section.queryByRole('button')).toBeNull()
  })

  it('shows the catalogue message when the last place went while the page was open', async () => {
    const addon = tasting()
    const fake = paidMember(addon)
    renderApp('/en/mypage/dashboard', { account: fake.account })
    const section = await addonsSection('Add-ons')
    const buy = section.getByRole('button', { name: 'Buy: Cooking club tasting' })
    addon.remaining = 0
    fireEvent.click(buy)
    expect(await section.findByText('This item is sold out.')).toBeTruthy()
    expect(fake.navigatedTo).toEqual([])
  })

  it('shows nothing to a participant who has not paid', async () => {
    const fake = signedIn()
    fake.backend.state.registration = pendingRegistration('cs_test_1', now + 60_000)
    fake.backend.state.addons = [tasting()]
    renderApp('/en/mypage/dashboard', { account: fake.account })
    await screen.findByText('Status')
    expect(screen.queryByRole('heading', { level: 2, name: 'Add-ons' })).toBeNull()
    expect(fake.backend.state.requests.some((request) => request.method === 'getAddons')).toBe(false)
  })
})
