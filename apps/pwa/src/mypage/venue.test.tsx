import { ProductError, type Venue } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearVenue, loadVenue, saveVenue } from '../offline/venue-cache.ts'
import { jwsRegistrationCode, now } from '../test/fake-account.ts'
import { paidRegistration, pendingRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

const venue: Venue = {
  name: { ja: '東京ふぁーりーホール', en: 'Tokyo Furry Hall' },
  address: { ja: '東京都千代田区丸の内1-1', en: '1-1 Marunouchi, Chiyoda, Tokyo' },
  access: { ja: '東京駅から徒歩5分', en: '5 minutes on foot from Tokyo Station' },
  mapUrl: 'https://maps.example.com/tokyo-furry-hall',
  entryTime: '09:30',
}

/** What the venue section says of that venue: name, address, access (Japanese) and entry time. */
const shownTexts = {
  ja: ['東京ふぁーりーホール', '東京都千代田区丸の内1-1', '東京駅から徒歩5分', '当日 09:30 から（日本時間）'],
  en: ['Tokyo Furry Hall', '1-1 Marunouchi, Chiyoda, Tokyo', 'From 09:30 (Japan time) on the event day'],
}

function paidMember() {
  const fake = signedIn()
  fake.backend.state.registration = paidRegistration('member')
  fake.backend.state.registrationCode = jwsRegistrationCode('ケモ', 'member')
  fake.backend.state.venue = venue
  return fake
}

const venueSection = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement)

/** Opens a page as a paid member and gives the venue section under `heading`, once it shows. */
async function venueShownOn(path: string, heading: string) {
  const fake = paidMember()
  renderApp(path, { account: fake.account })
  return venueSection(heading)
}

describe('the venue for paid participants', () => {
  beforeEach(async () => {
    await clearVenue()
  })

  it("shows the venue on a paid member's dashboard and keeps it on the device", async () => {
    const section = await venueShownOn('/ja/mypage/dashboard', '会場')
    for (const text of shownTexts.ja) expect(section.getByText(text)).toBeTruthy()
    const map = section.getByRole('link', { name: '地図を開く（新しいウィンドウ）' })
    expect(map.getAttribute('href')).toBe(venue.mapUrl)
    expect(map.getAttribute('rel')).toBe('noopener noreferrer')
    await waitFor(async () => expect(await loadVenue()).toEqual({ venue, savedAt: now }))
  })

  it('shows it in English under the registration code', async () => {
    const section = await venueShownOn('/en/registration-code', 'Venue')
    for (const text of shownTexts.en) expect(section.getByText(text)).toBeTruthy()
  })

  it('shows the kept venue, saying so, when the network is down', async () => {
    const fake = paidMember()
    await saveVenue({ venue, savedAt: now - 60_000 })
    // Offline, the registration cannot be read either: the kept copy is all there is.
    fake.backend.fail('getRegistration')
    fake.backend.fail('getRegistrationCode')
    fake.backend.fail('getVenue')
    renderApp('/en/registration-code', { account: fake.account })
    const section = await venueSection('Venue')
    expect(await section.findByText(/^Offline: the venue as saved on this device on .*\.$/)).toBeTruthy()
    expect(section.getByText('5 minutes on foot from Tokyo Station')).toBeTruthy()
  })

  it('asks nothing for a member without a paid registration, and forgets a kept copy', async () => {
    const fake = signedIn()
    fake.backend.state.registration = pendingRegistration('cs_test_1', now + 60_000)
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
    const fake = signedIn()
    fake.backend.state.registration = null
    fake.backend.state.venue = venue
    renderApp('/en/mypage/dashboard', { account: fake.account })
    await screen.findByRole('heading', { level: 2, name: 'Registration' })
    fake.backend.state.registration = paidRegistration('member', 'Kemo')
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
