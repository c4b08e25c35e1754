import type { RegistrationTier, WaitingListEntry } from '@furfes/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { now } from '../test/fake-account.ts'
import { markSoldOut, openPage, signedIn } from '../test/member-fixtures.ts'

const hours = (count: number) => count * 60 * 60 * 1000

function soldOutFursuiter() {
  const fake = signedIn()
  markSoldOut(fake, 'fursuiter')
  return fake
}

/** A spot of `tier` held for the member until `offerExpiresAt`. */
function offer(
  registrationTier: RegistrationTier,
  badgeName: string,
  offerExpiresAt: number,
  joinedAt = now,
): WaitingListEntry {
  return { registrationTier, badgeName, status: 'offered', joinedAt, offerExpiresAt }
}

describe('the waiting list on the registration page', () => {
  it('offers to join a sold-out tier with the registration fields, validated the same way, then shows the position', async () => {
    const fake = soldOutFursuiter()
    openPage('/ja/mypage/registration', fake)
    expect(await screen.findByRole('heading', { level: 2, name: 'キャンセル待ち' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル待ちに申し込む' }))
    fireEvent.click(await screen.findByRole('radio', { name: '着ぐるみ参加' }))
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル待ちに登録する' }))
    // Nothing sent until the form is valid: the badge name and the changing room are required, as when registering.
    expect(await screen.findByText('着ぐるみ更衣室を選択してください。')).toBeTruthy()
    // Agreeing to the participation rules is required here too.
    expect(screen.getAllByText('参加規約への同意が必要です。').length).toBeGreaterThan(0)
    expect(fake.backend.state.requests.some((request) => request.method === 'joinWaitingList')).toBe(false)

    const badgeNames = screen.getAllByLabelText(/バッジ名/)
    fireEvent.change(badgeNames[badgeNames.length - 1] as HTMLElement, { target: { value: 'ケモ' } })
    const rooms = screen.getAllByRole('radio', { name: '女性用' })
    fireEvent.click(rooms[rooms.length - 1] as HTMLElement)
    const agreements = screen.getAllByRole('checkbox', { name: '参加規約に同意します' })
    fireEvent.click(agreements[agreements.length - 1] as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル待ちに登録する' }))

    expect(await screen.findByText('着ぐるみ参加のキャンセル待ち 3 番目です。')).toBeTruthy()
    expect(fake.backend.state.requests.find((request) => request.method === 'joinWaitingList')?.body).toEqual(
      {
        registrationTier: 'fursuiter',
        badgeName: 'ケモ',
        changingRoomType: 'female',
        agreedToRules: true,
        language: 'ja',
        // Left empty: the API stores no access needs for it (decision 185).
        accessNeeds: '',
      },
    )
  })

  it('shows an open offer with its deadline in Japan time and goes straight to its checkout', async () => {
    const fake = soldOutFursuiter()
    fake.backend.state.waitingList = offer(
      'fursuiter',
      'Kemo',
      Date.parse('2025-04-02T12:00:00+09:00'),
      now - hours(48),
    )
    openPage('/en/mypage/registration', fake)
    expect(
      await screen.findByText(/A Fursuiter spot is held for you until .*2025.*12:00.*\(Japan time\)/),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Accept the spot and pay' }))
    await waitFor(() =>
      expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_offer']),
    )
    expect(
      fake.backend.state.requests.find((request) => request.method === 'acceptWaitingListOffer')?.body,
    ).toEqual({
      successUrl: 'http://localhost:5173/en/mypage/dashboard?refresh=true',
      cancelUrl: 'http://localhost:5173/en/mypage/registration?refresh=true',
    })
  })

  it('lets a member leave the list, and says so when an offer was refused by the API', async () => {
    const fake = soldOutFursuiter()
    fake.backend.state.waitingList = offer('fursuiter', 'Kemo', now + hours(1))
    openPage('/en/mypage/registration', fake)
    const accept = await screen.findByRole('button', { name: 'Accept the spot and pay' })
    // The offer ran out while the page was open.
    fake.backend.state.waitingList = { ...fake.backend.state.waitingList, status: 'expired' }
    fireEvent.click(accept)
    expect(
      await screen.findByText('There is no open offer for you: it may have expired or been taken already.'),
    ).toBeTruthy()
    expect(fake.navigatedTo).toEqual([])

    fake.backend.state.waitingList = { ...fake.backend.state.waitingList, status: 'waiting', position: 2 }
    fireEvent.click(screen.getByRole('button', { name: 'Decline the spot' }))
    expect(await screen.findByRole('button', { name: 'Join a waiting list…' })).toBeTruthy()
  })
})

describe('the waiting list on My Page', () => {
  it('shows the waiting position on the dashboard', async () => {
    const fake = signedIn()
    fake.backend.state.waitingList = {
      registrationTier: 'member',
      badgeName: 'Kemo',
      status: 'waiting',
      joinedAt: now,
      position: 4,
    }
    openPage('/en/mypage/dashboard', fake)
    expect(await screen.findByText('You are number 4 on the waiting list for Member.')).toBeTruthy()
  })

  it('shows an open offer with its deadline on the dashboard, in Japanese', async () => {
    const fake = signedIn()
    fake.backend.state.waitingList = offer('member', 'ケモ', Date.parse('2025-04-02T09:30:00+09:00'))
    openPage('/ja/mypage/dashboard', fake)
    // The held spot is the next step, first on the page, with the one button that takes it.
    const nextStep = await screen.findByRole('region', { name: '次にすること' })
    await waitFor(() =>
      expect(nextStep.textContent).toMatch(/一般参加の枠を .*9:30.*（日本時間）までお取り置きしています。/),
    )
    const accept = screen.getByRole('link', { name: '枠を受け取って支払う' })
    expect(nextStep.contains(accept)).toBe(true)
    expect(accept.getAttribute('href')).toBe('/ja/mypage/registration#waiting-list')
    expect(screen.queryByRole('link', { name: '参加登録する' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'キャンセル待ち' })).toBeNull()
  })
})

describe('the waiting list where a tier is sold out', () => {
  it('is offered on the sold-out tier card, and opens the join form on that tier', async () => {
    const fake = soldOutFursuiter()
    openPage('/en/mypage/registration', fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waiting list for Fursuiter' }))
    const tier = await screen.findByRole('radio', { name: 'Fursuiter', checked: true })
    expect((tier as HTMLInputElement).name).toBe('waitingListTier')
    await waitFor(() => expect(document.activeElement).toBe(tier))
    // Only sold-out tiers carry it.
    expect(screen.queryByRole('button', { name: 'Join the waiting list for Member' })).toBeNull()
  })
})
