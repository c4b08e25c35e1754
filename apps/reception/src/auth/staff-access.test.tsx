import { screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire } from '../test/fixtures.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * The reception shows what the signed-in role allows (decision 156): the door scans and searches, the desk also
 * looks after one participant and refunds, the committee does everything. The API decides; these screens only
 * leave out what a role could not use.
 */

function staffApp(roles: Parameters<typeof renderApp>[0]['roles'], path = '/en/admin') {
  const server = createFakeApiServer({
    participants: [participantWire({ n: 1, badgeName: 'Kon', email: 'kon@example.jp' })],
  })
  return renderApp({ path, language: 'en', server, signedIn: true, synced: true, roles })
}

const sectionNames = async () =>
  within(await screen.findByRole('tablist', { name: 'Sections' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent)

describe('the screens by staff role', () => {
  appTest(
    'the door scans, searches and reprints badges, and sees no email address, CSV or refund',
    async (user) => {
      await staffApp(['door'])
      expect(await sectionNames()).toEqual(['Scan', 'Participants'])
      const table = await screen.findByRole('table', { name: 'Participants' })
      expect(within(table).queryByText('kon@example.jp')).toBeNull()
      expect(within(table).queryByRole('columnheader', { name: 'Email' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
      expect(screen.getByRole('link', { name: 'Badge sheets' })).toBeTruthy()

      await user.click(within(table).getByRole('button', { name: 'Kon' }))
      const dialog = await screen.findByRole('dialog', { name: 'Kon' })
      expect(within(dialog).queryByText('kon@example.jp')).toBeNull()
      expect(within(dialog).queryByRole('button', { name: 'Cancel and refund' })).toBeNull()
      expect(within(dialog).getByRole('button', { name: 'Check in' })).toBeTruthy()
    },
  )

  appTest(
    'the desk also sees details, refunds and the waiting list, but not the figures or settings',
    async (user) => {
      await staffApp(['desk'])
      expect(await sectionNames()).toEqual(['Scan', 'Participants', 'Waiting list'])
      const table = await screen.findByRole('table', { name: 'Participants' })
      expect(within(table).getByText('kon@example.jp')).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
      await user.click(within(table).getByRole('button', { name: 'Kon' }))
      const dialog = await screen.findByRole('dialog', { name: 'Kon' })
      expect(within(dialog).getByRole('button', { name: 'Cancel and refund' })).toBeTruthy()
    },
  )

  appTest('the committee sees every section and the CSV', async () => {
    await staffApp(['committee'])
    expect(await sectionNames()).toEqual([
      'Scan',
      'Participants',
      'Waiting list',
      'Dashboard',
      'Edition',
      'Timetable',
      'Announcements',
      'Settings',
      'Staff',
      'Audit trail',
    ])
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeTruthy()
  })

  appTest('a screen the role does not include says so instead of opening', async () => {
    await staffApp(['door'], '/en/admin/settings')
    expect(
      await screen.findByText(
        'Your staff role does not include this screen. Choose one of the sections above.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull()
  })

  appTest('an account in no staff role is told to ask the committee', async () => {
    await staffApp([])
    expect(await screen.findByText(/This account has no staff role yet/)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
