import type { RegistrationTier } from '@furfes/core'
import { screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, testUuid } from '../test/fixtures.ts'
import { addPastEdition, pastEditionId } from '../test/past-edition.ts'
import { appTest, renderApp, renderSyncedAdmin } from '../test/render.tsx'

/**
 * The staff screens show the current edition and, for the committee, a past one chosen in the edition picker,
 * read from the API with `?edition=` and read only (decision 158).
 */
function editionsServer() {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'Kon' }),
      participantWire({ n: 2, badgeName: 'Wolf', tier: 'fursuiter' }),
    ],
  })
  server.waitingList = [waiting(1, 'member', 'Tanuki')]
  addPastEdition(server, {
    participants: [participantWire({ n: 7, badgeName: 'Fox', tier: 'sponsor' })],
    waitingList: [waiting(2, 'sponsor', 'Owl')],
  })
  return server
}

function waiting(n: number, tier: RegistrationTier, badgeName: string) {
  return {
    entry_id: testUuid(3000 + n),
    registration_tier: tier,
    badge_name: badgeName,
    email: null,
    status: 'waiting' as const,
    position: 1,
    joined_at: '2025-03-01T01:00:00.000Z',
  }
}

const pastNotice = {
  en: 'Past festival "Tokyo Furry Fes 2024": read only, nothing can be changed here.',
  ja: '過去の開催回「東京ふぁーりーフェス 2024」を表示しています。閲覧のみで、変更はできません。',
}

describe('edition picker', () => {
  appTest(
    'the participant list defaults to the current edition and opens a past one read only (en)',
    async (user) => {
      const app = await renderSyncedAdmin(editionsServer(), '/en/admin', 'en')
      const table = await screen.findByRole('table', { name: 'Participants' })
      expect(within(table).getByText('Kon')).toBeTruthy()
      const picker = await screen.findByRole('combobox', { name: 'Edition' })
      expect(picker.textContent).toBe('Tokyo Furry Fes 2025 (current)')
      expect(screen.queryByText(pastNotice.en)).toBeNull()

      await user.click(picker)
      await user.click(await screen.findByRole('option', { name: 'Tokyo Furry Fes 2024' }))
      expect(await screen.findByText(pastNotice.en)).toBeTruthy()
      expect(await within(screen.getByRole('table', { name: 'Participants' })).findByText('Fox')).toBeTruthy()
      expect(screen.queryByText('Kon')).toBeNull()
      expect(app.router.state.location.search).toBe(`?edition=${pastEditionId}`)

      // A past registration can be looked at, not refunded nor checked in; its badge can still be printed.
      await user.click(screen.getByRole('button', { name: 'Fox' }))
      const dialog = await screen.findByRole('dialog', { name: 'Fox' })
      expect(within(dialog).queryByRole('button', { name: 'Cancel and refund' })).toBeNull()
      expect(within(dialog).queryByRole('button', { name: 'Check in' })).toBeNull()
      expect(within(dialog).getByRole('link', { name: 'Print badge' }).getAttribute('href')).toContain(
        `edition=${pastEditionId}`,
      )
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))

      // Back to the current edition: the device's list again, with its actions.
      await user.click(screen.getByRole('combobox', { name: 'Edition' }))
      await user.click(await screen.findByRole('option', { name: 'Tokyo Furry Fes 2025 (current)' }))
      expect(await screen.findByRole('button', { name: 'Kon' })).toBeTruthy()
      expect(app.router.state.location.search).toBe('')
      expect(screen.queryByText(pastNotice.en)).toBeNull()
    },
  )

  appTest('a reload keeps the past edition, and its badge sheets list its participants (ja)', async () => {
    await renderSyncedAdmin(editionsServer(), `/ja/admin/badges?edition=${pastEditionId}`, 'ja')
    expect(await screen.findByText(pastNotice.ja)).toBeTruthy()
    expect((await screen.findByRole('combobox', { name: '開催回' })).textContent).toBe(
      '東京ふぁーりーフェス 2024',
    )
    expect(await screen.findByText('Fox')).toBeTruthy()
    expect(screen.queryByText('Kon')).toBeNull()
  })

  appTest('the waiting list reads the chosen edition (en)', async (user) => {
    await renderSyncedAdmin(editionsServer(), '/en/admin/waiting-list', 'en')
    expect(await screen.findByText('Tanuki')).toBeTruthy()
    await user.click(await screen.findByRole('combobox', { name: 'Edition' }))
    await user.click(await screen.findByRole('option', { name: 'Tokyo Furry Fes 2024' }))
    expect(await screen.findByText('Owl')).toBeTruthy()
    expect(screen.queryByText('Tanuki')).toBeNull()
    expect(screen.getByText(pastNotice.en)).toBeTruthy()
  })

  appTest('the dashboard shows the past edition’s figures (ja)', async (user) => {
    await renderSyncedAdmin(editionsServer(), '/ja/admin/dashboard', 'ja')
    const checkedIn = await screen.findByTestId('dashboard-checked-in')
    expect(checkedIn.textContent).toBe('2 人中 0 人がチェックイン済み')
    await user.click(await screen.findByRole('combobox', { name: '開催回' }))
    await user.click(await screen.findByRole('option', { name: '東京ふぁーりーフェス 2024' }))
    expect(await screen.findByText(pastNotice.ja)).toBeTruthy()
    // The past edition had one paid registration.
    expect((await screen.findByTestId('dashboard-checked-in')).textContent).toBe(
      '1 人中 0 人がチェックイン済み',
    )
  })

  appTest(
    'the chosen past edition stays across the tabs that show one, not on the others (en)',
    async (user) => {
      const app = await renderSyncedAdmin(editionsServer(), '/en/admin', 'en')
      await user.click(await screen.findByRole('combobox', { name: 'Edition' }))
      await user.click(await screen.findByRole('option', { name: 'Tokyo Furry Fes 2024' }))
      expect(await screen.findByText(pastNotice.en)).toBeTruthy()

      const inPast = `?edition=${pastEditionId}`
      const tabHref = (name: string) => screen.getByRole('tab', { name }).getAttribute('href')
      expect(tabHref('Participants')).toBe(`/en/admin${inPast}`)
      expect(tabHref('Waiting list')).toBe(`/en/admin/waiting-list${inPast}`)
      expect(tabHref('Dashboard')).toBe(`/en/admin/dashboard${inPast}`)
      expect(screen.getByRole('link', { name: 'Badge sheets' }).getAttribute('href')).toBe(
        `/en/admin/badges${inPast}`,
      )
      // The screens that take no edition are linked as they are.
      expect(tabHref('Scan')).toBe('/en/admin/scan')
      expect(tabHref('Edition')).toBe('/en/admin/edition')
      expect(tabHref('Settings')).toBe('/en/admin/settings')

      await user.click(screen.getByRole('tab', { name: 'Waiting list' }))
      expect(await screen.findByText('Owl')).toBeTruthy()
      expect(screen.queryByText('Tanuki')).toBeNull()
      expect(app.router.state.location).toMatchObject({ pathname: '/en/admin/waiting-list', search: inPast })

      await user.click(screen.getByRole('tab', { name: 'Dashboard' }))
      expect((await screen.findByTestId('dashboard-checked-in')).textContent).toBe('0 of 1 checked in')
      expect(await screen.findByText(pastNotice.en)).toBeTruthy()

      await user.click(screen.getByRole('tab', { name: 'Participants' }))
      expect(await within(screen.getByRole('table', { name: 'Participants' })).findByText('Fox')).toBeTruthy()
      expect(app.router.state.location.search).toBe(inPast)
    },
  )

  appTest('the door sees the current edition only, whatever the address says (en)', async () => {
    const server = editionsServer()
    await renderApp({
      path: `/en/admin?edition=${pastEditionId}`,
      language: 'en',
      server,
      signedIn: true,
      synced: true,
      roles: ['door'],
    })
    expect(await screen.findByRole('button', { name: 'Kon' })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Edition' })).toBeNull()
    expect(screen.queryByText(pastNotice.en)).toBeNull()
    expect(screen.queryByText('Fox')).toBeNull()
  })
})
