import { cookingClubTastingCode } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, vi } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf } from '../test/fixtures.ts'
import { addPastEdition, pastEditionId } from '../test/past-edition.ts'
import { appTest, renderSyncedAdmin } from '../test/render.tsx'

const tasting = { code: cookingClubTastingCode, name_ja: '料理部 試食会', name_en: 'Cooking club tasting' }

/** 12 paid people (two sheets of ten), one pending and one canceled, who get no badge. */
function badgesApp(language: 'ja' | 'en', path = `/${language}/admin/badges`) {
  const server = createFakeApiServer({
    participants: [
      ...Array.from({ length: 12 }, (_, i) =>
        participantWire({
          n: i + 1,
          badgeName: `Fox ${String(i + 1).padStart(2, '0')}`,
          tier: i < 3 ? 'sponsor' : i < 5 ? 'fursuiter' : 'member',
          badgeNumber: i + 1,
          // Fox 01 and Fox 12 hold the cooking club's tasting ticket (decision 191).
          ...(i === 0 || i === 11 ? { addons: [tasting] } : {}),
        }),
      ),
      participantWire({ n: 13, badgeName: 'Pending Wolf', paymentStatus: 'pending' }),
      participantWire({ n: 14, badgeName: 'Canceled Bear', paymentStatus: 'canceled' }),
    ],
  })
  return renderSyncedAdmin(server, path, language)
}

const sheets = () => within(screen.getByRole('region', { name: 'Badge sheets' }))
const badgeNames = () =>
  [...document.querySelectorAll('[data-badge-name]')].map((element) => element.textContent)
const pages = () => document.querySelectorAll('[data-badge-sheet]').length

describe('badge sheets', () => {
  appTest(
    'lays the paid registrations out ten to an A4 sheet, with tier, sponsor mark and number (en)',
    async () => {
      await badgesApp('en')
      expect(await screen.findByText('12 badges on 2 A4 sheets (10 per sheet).')).toBeTruthy()
      expect(badgeNames()).toEqual(
        Array.from({ length: 12 }, (_, i) => `Fox ${String(i + 1).padStart(2, '0')}`),
      )
      expect(pages()).toBe(2)
      const fox1 = document.querySelector(`[data-badge="${registrationIdOf(1)}"]`) as HTMLElement
      expect(within(fox1).getByText('Sponsor')).toBeTruthy()
      expect(within(fox1).getByText('★ Sponsor')).toBeTruthy()
      // The short number staff read aloud, not the registration id (decision 189), and the event's name.
      expect(fox1.querySelector('[data-badge-number]')?.textContent).toBe('No. 1')
      expect(fox1.textContent).not.toContain(registrationIdOf(1))
      expect(fox1.querySelector('[data-badge-event]')?.textContent).toBe('Tokyo Furry Fes 2025')
      // The edition's artwork for the tier beside the name: the festival's set unless the committee chose others.
      expect(fox1.querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe('/badges/sponsor.svg')
      expect(fox1.querySelector('[data-badge-name]')?.getAttribute('lang')).toBe('ja')
      const fox12 = document.querySelector(`[data-badge="${registrationIdOf(12)}"]`) as HTMLElement
      expect(within(fox12).getByText('Member')).toBeTruthy()
      expect(fox12.querySelector('[data-badge-number]')?.textContent).toBe('No. 12')
      expect(fox12.querySelector('[data-sponsor-mark]')).toBeNull()
      expect(fox12.querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe('/badges/member.svg')
      // The tasting's holders carry its word on the foot band, whatever their tier; the others none.
      expect(within(fox1).getByText('Tasting')).toBeTruthy()
      expect(within(fox12).getByText('Tasting')).toBeTruthy()
      expect(document.querySelectorAll(`[data-badge-addon="${cookingClubTastingCode}"]`)).toHaveLength(2)
      const fox2 = document.querySelector(`[data-badge="${registrationIdOf(2)}"]`) as HTMLElement
      expect(fox2.querySelector('[data-badge-addon]')).toBeNull()
      expect(sheets().queryByText('Pending Wolf')).toBeNull()
      expect(sheets().queryByText('Canceled Bear')).toBeNull()
    },
  )

  appTest('filters by tier and by not yet printed, prints, and marks what was printed (ja)', async (user) => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const app = await badgesApp('ja')
    expect(await screen.findByText('12枚のバッジ、A4用紙2枚（1枚に10個）。')).toBeTruthy()

    await user.click(screen.getByRole('combobox', { name: '参加区分' }))
    await user.click(await screen.findByRole('option', { name: 'スポンサー参加' }))
    expect(await screen.findByText('3枚のバッジ、A4用紙1枚（1枚に10個）。')).toBeTruthy()
    expect(badgeNames()).toEqual(['Fox 01', 'Fox 02', 'Fox 03'])
    expect(within(screen.getByRole('region', { name: 'バッジの用紙' })).getAllByText('試食会')).toHaveLength(
      1,
    )

    await user.click(screen.getByRole('button', { name: '印刷' }))
    expect(print).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'この3枚を印刷済みにする' }))
    expect(
      await screen.findByText('3枚のバッジ、A4用紙1枚（1枚に10個）。 うち3枚は印刷済みです。'),
    ).toBeTruthy()
    // The marks go to the API, where every desk reads them, with this device's name.
    await app.services.sync.sync()
    expect(
      app.server.participants
        .filter((participant) => participant.badge_print)
        .map((participant) => participant.registration?.id),
    ).toEqual([1, 2, 3].map((n) => registrationIdOf(n)))
    expect(app.services.store.getSnapshot().pendingBadgePrintCount).toBe(0)

    await user.click(screen.getByRole('combobox', { name: '参加区分' }))
    await user.click(await screen.findByRole('option', { name: 'すべて' }))
    await user.click(screen.getByRole('checkbox', { name: '未印刷・再印刷が必要なバッジのみ' }))
    expect(await screen.findByText('9枚のバッジ、A4用紙1枚（1枚に10個）。')).toBeTruthy()
    expect(badgeNames()).not.toContain('Fox 01')
    expect(pages()).toBe(1)

    // A sheet that jammed: the marks come off and the badges are "not yet printed" again.
    await user.click(screen.getByRole('checkbox', { name: '未印刷・再印刷が必要なバッジのみ' }))
    await user.click(await screen.findByRole('button', { name: '3枚の印刷済みを取り消す' }))
    await user.click(screen.getByRole('checkbox', { name: '未印刷・再印刷が必要なバッジのみ' }))
    expect(await screen.findByText('12枚のバッジ、A4用紙2枚（1枚に10個）。')).toBeTruthy()
    print.mockRestore()
  })

  appTest("prints one person's badge from the participant dialog (en)", async (user) => {
    await badgesApp('en', '/en/admin')
    await user.click(await screen.findByRole('button', { name: 'Fox 07' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fox 07' })
    await user.click(within(dialog).getByRole('link', { name: 'Print badge' }))
    expect(await screen.findByRole('heading', { name: 'Print one badge' })).toBeTruthy()
    expect(screen.getByText('1 badge on 1 A4 sheet (10 per sheet).')).toBeTruthy()
    expect(badgeNames()).toEqual(['Fox 07'])
    await user.click(screen.getByRole('button', { name: 'Mark this badge as printed' }))
    expect(
      await screen.findByText('1 badge on 1 A4 sheet (10 per sheet). 1 of them was already printed.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'All badges' }))
    expect(
      await screen.findByText('12 badges on 2 A4 sheets (10 per sheet). 1 of them was already printed.'),
    ).toBeTruthy()
  })

  appTest(
    'prints the artwork the committee chose for the current edition, from what the device keeps offline (en)',
    async () => {
      const server = createFakeApiServer({
        participants: [
          participantWire({ n: 1, badgeName: 'Kon', tier: 'sponsor' }),
          participantWire({ n: 2, badgeName: 'Wolf', tier: 'member' }),
        ],
      })
      const [current] = server.editions
      if (!current) throw new Error('The fake API has no edition')
      // Sponsors get the paws and star, members none (decision 211).
      current.edition = { ...current.edition, badge_artwork: { sponsor: 'star-paws' } }
      const app = await renderSyncedAdmin(server, '/en/admin/badges', 'en')
      expect(await screen.findByText('2 badges on 1 A4 sheet (10 per sheet).')).toBeTruthy()
      // Kept on the device's disk with the edition's name, so a badge prints as set without the network.
      expect((await app.db.meta.get('edition'))?.value).toMatchObject({
        badgeArtwork: { sponsor: 'star-paws' },
      })
      const badgeOf = (n: number) =>
        document.querySelector(`[data-badge="${registrationIdOf(n)}"]`) as HTMLElement
      expect(badgeOf(1).querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe(
        '/badges/sponsor-fursuiter.svg',
      )
      expect(badgeOf(2).querySelector('[data-badge-artwork]')).toBeNull()
      expect(badgeOf(2).querySelector('[data-badge-name]')?.textContent).toBe('Wolf')
    },
  )

  appTest("prints a past edition's badges with that edition's name and artwork (en)", async () => {
    const server = createFakeApiServer({ participants: [participantWire({ n: 1, badgeName: 'Kon' })] })
    addPastEdition(
      server,
      {
        participants: [participantWire({ n: 7, badgeName: 'Fox', tier: 'sponsor', badgeNumber: 31 })],
        waitingList: [],
      },
      // The past edition printed its sponsors with the plain mark (decision 211).
      { badgeArtwork: { sponsor: 'mark' } },
    )
    await renderSyncedAdmin(server, `/en/admin/badges?edition=${pastEditionId}`, 'en')
    expect(await screen.findByText('1 badge on 1 A4 sheet (10 per sheet).')).toBeTruthy()
    expect(badgeNames()).toEqual(['Fox'])
    const fox = document.querySelector(`[data-badge="${registrationIdOf(7)}"]`) as HTMLElement
    // The past edition's name, not the current one's, nor none (decision 206).
    await waitFor(() =>
      expect(fox.querySelector('[data-badge-event]')?.textContent).toBe('Tokyo Furry Fes 2024'),
    )
    expect(fox.querySelector('[data-badge-number]')?.textContent).toBe('No. 31')
    expect(fox.querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe('/badges/member.svg')
  })

  appTest(
    "shows another desk's marks, asks for the reprint of a changed badge, and queues marks made offline (en)",
    async (user) => {
      const server = createFakeApiServer({
        participants: [
          { ...participantWire({ n: 1, badgeName: 'Fox 01' }), badge_print: printedBy('Office') },
          {
            ...participantWire({ n: 2, badgeName: 'Renamed Fox' }),
            badge_print: { ...printedBy('Office'), reprint_needed: true },
          },
          participantWire({ n: 3, badgeName: 'Fox 03' }),
        ],
      })
      const app = await renderSyncedAdmin(server, '/en/admin/badges', 'en')
      expect(
        await screen.findByText('3 badges on 1 A4 sheet (10 per sheet). 2 of them were already printed.'),
      ).toBeTruthy()
      expect(
        screen.getByText('Print again: Renamed Fox changed their details after the badge was printed.'),
      ).toBeTruthy()

      await user.click(
        screen.getByRole('checkbox', { name: 'Only badges not printed yet or to print again' }),
      )
      expect(
        await screen.findByText('2 badges on 1 A4 sheet (10 per sheet). 1 of them was already printed.'),
      ).toBeTruthy()
      expect(badgeNames()).toEqual(['Fox 03', 'Renamed Fox'])

      // Offline: the mark counts here at once and waits in the queue.
      app.network.online = false
      await user.click(screen.getByRole('button', { name: 'Mark these 2 as printed' }))
      expect(await screen.findByText('No badges match: only paid registrations get a badge.')).toBeTruthy()
      expect(app.services.store.getSnapshot().pendingBadgePrintCount).toBe(2)
      expect(server.participants[1]?.badge_print?.reprint_needed).toBe(true)

      app.network.online = true
      await app.services.sync.sync()
      expect(app.services.store.getSnapshot().pendingBadgePrintCount).toBe(0)
      expect(server.participants.map((participant) => participant.badge_print?.reprint_needed)).toEqual([
        false,
        false,
        false,
      ])
      expect(screen.queryByText(/Print again/)).toBeNull()
    },
  )
})

function printedBy(deviceName: string) {
  return { printed_at: '2025-05-03T01:00:00.000Z', device_name: deviceName, reprint_needed: false }
}
