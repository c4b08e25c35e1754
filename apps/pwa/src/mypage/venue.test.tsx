import { ProductError, type Venue } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearVenue, loadVenue, saveVenue } from '../offline/venue-cache.ts'
import { createFakeAccount, now, registrationCodeToken } from '../test/fake-account.ts'
import { renderApp } from '../test/render-app.tsx'

const email = 'kemo@example.com'
const venue: Venue = {
  name: { ja: '東京ふぁーりーホール', en: 'Tokyo Furry Hall' },
  address: { ja: '東京都千代田区丸の内1-1', en: '1-1 Marunouchi, Chiyoda, Tokyo' },
  access: { ja: '東京駅から徒歩5分', en: '5 minutes on foot from Tokyo Station' },
  mapUrl: 'https://maps.example.com/tokyo-furry-hall',
  entryTime: '09:30',
}

function paidMember() {
  const fake = createFakeAccount({ signedInAs: email })
  fake.backend.state.registration = { registrationTier: 'member', badgeName: 'ケモ', paymentStatus: 'paid' }
  fake.backend.state.registrationCode = registrationCodeToken('ケモ', 'member')
  fake.backend.state.venue = venue
  return fake
}

const venueSection = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement)

describe('the venue for paid participants', () => {
  beforeEach(async () => {
    await clearVenue()
  })

  it("shows the venue on a paid member's dashboard and keeps it on the device", async () => {
    const fake = paidMember()
    renderApp('/ja/mypage/dashboard', { account: fake.account })
    const section = await venueSection('会場')
    expect(section.getByText('東京ふぁーりーホール')).toBeTruthy()
    expect(section.getByText('東京都千代田区丸の内1-1')).toBeTruthy()
    expect(section.getByText('東京駅から徒歩5分')).toBeTruthy()
    expect(section.getByText('当日 09:30 から（日本時間）')).toBeTruthy()
    const map = section.getByRole('link', { name: '地図を開く（新しいウィンドウ）' })
    expect(map.getAttribute('href')).toBe(venue.mapUrl)
    expect(map.getAttribute('rel')).toBe('noopener noreferrer')
    await waitFor(async () => expect(await loadVenue()).toEqual({ venue, savedAt: now }))
  })

  it('shows it in English under the registration code', async () => {
    const fake = paidMember()
    renderApp('/en/registration-code', { account: fake.account })
    const section = await venueSection('Venue')
    expect(section.getByText('Tokyo Furry Hall')).toBeTruthy()
    expect(section.getByText('1-1 Marunouchi, Chiyoda, Tokyo')).toBeTruthy()
    expect(section.getByText('From 09:30 (Japan time) on the event day')).toBeTruthy()
  })

  it('shows the kept venue, saying so, when the network is down', async () => {
    const fake = paidMember()
    await saveVenue({ venue, savedAt: now - 60_000 })
    // Offline, the registration cannot be read either: the kept copy is all there is.
    fake.backend.fail('getRegistration')
    fake.backend.fail('getRegistrationJwt')
    fake.backend.fail('getVenue')
    renderApp('/en/registration-code', { account: fake.account })
    const section = await venueSection('Venue')
    expect(await section.findByText(/^Offline: the venue as saved on this device on .*\.$/)).toBeTruthy()
    expect(section.getByText('5 minutes on foot from Tokyo Station')).toBeTruthy()
  })

  it('asks nothing for a member without a paid registration, and forgets a kept copy', async () => {
    const fake = createFakeAccount({ signedInAs: email })
    fake.backend.state.registration = {
      registrationTier: 'member',
      badgeName: 'ケモ',
      paymentStatus: 'pending',
      paymentUrl: 'https://checkout.example.com/c/pay/cs_test_1',
      expiresAt: now + 60_000,
    }
    fake.backend.state.venue = venue
    await saveVenue({ venue, savedAt: now - 60_000 })
    renderApp('/ja/mypage/dashboard', { account: fake.account })
    await screen.findByText('状態')
    await waitFor(async () => expect(await loadVenue()).toBeUndefined())
    expect(screen.queryByRole('heading', { level: 2, name: '会場' })).toBeNull()
    expect(screen.queryByText('東京ふぁーりーホール')).toBeNull()
    expect(fake.backend.state.requests.map((request) => request.method)).not.toContain('getVenue')
  })

  it('brings the venue in when the payment is confirmed while the dashboard is open', async () => {
    const fake = createFakeAccount({ signedInAs: email })
    fake.backend.state.registration = null
    fake.backend.state.venue = venue
    renderApp('/en/mypage/dashboard', { account: fake.account })
    await screen.findByRole('heading', { level: 2, name: 'Registration' })
    fake.backend.state.registration = { registrationTier: 'member', badgeName: 'Kemo', paymentStatus: 'paid' }
    await fake.account.cache.registration.load({ force: true })
    const section = await venueSection('Venue')
    expect(section.getByText('Tokyo Furry Hall')).toBeTruthy()
  })

  it('says what went wrong when the API refuses for another reason', async () => {
    const fake = paidMember()
    fake.backend.fail('getVenue', new ProductError('highTraffic', 503))
    renderApp('/en/mypage/dashboard', { account: fake.account })
    expect(
      await screen.findByText('Your request was not processed due to high traffic. Please try again.'),
    ).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 2, name: 'Venue' })).toBeNull()
  })

  it('forgets the kept venue on sign-out', async () => {
    const fake = paidMember()
    await saveVenue({ venue, savedAt: now })
    await fake.account.forgetUserData()
    expect(await loadVenue()).toBeUndefined()
  })
})
