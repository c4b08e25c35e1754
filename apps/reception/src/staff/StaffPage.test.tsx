import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer, fakeStaffUser } from '../test/fake-api-server.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * Staff management and the audit trail in the reception (decision 157), over the fake API: the committee
 * invites, changes roles, disables with a confirmation and reads the trail; the API's refusals show translated.
 */

function staffServer() {
  const server = createFakeApiServer()
  server.staff = [
    {
      user: fakeStaffUser,
      email: 'chair@example.jp',
      roles: ['committee'],
      enabled: true,
      status: 'CONFIRMED',
    },
    { user: 'user-door', email: 'door@example.jp', roles: ['door'], enabled: true, status: 'CONFIRMED' },
  ]
  return server
}

const staffTable = () => screen.findByRole('table', { name: 'Staff accounts' })

describe('the staff screen', () => {
  appTest('invites by email with a role, after a translated message for a wrong address', async (user) => {
    const server = staffServer()
    await renderApp({ path: '/en/admin/staff', language: 'en', server, signedIn: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Invite a staff member' })

    await user.type(within(form).getByRole('textbox', { name: 'Email address' }), 'not-an-address')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(form).findByText('The email address is invalid.')).toBeTruthy()
    expect(server.staff).toHaveLength(2)

    await user.clear(within(form).getByRole('textbox', { name: 'Email address' }))
    await user.type(within(form).getByRole('textbox', { name: 'Email address' }), 'new@example.jp')
    await user.click(within(form).getByRole('radio', { name: 'Desk' }))
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))

    expect(await screen.findByText('Invitation sent to new@example.jp.')).toBeTruthy()
    expect(server.staff.at(-1)).toMatchObject({ email: 'new@example.jp', roles: ['desk'] })
    const row = (await within(await staffTable()).findByText('new@example.jp')).closest('tr')
    if (!row) throw new Error('The invited member has no row')
    expect(within(row).getByText('Invited (not signed in yet)')).toBeTruthy()
    expect(within(row).getByRole('combobox', { name: 'Role of new@example.jp' }).textContent).toBe('Desk')
  })

  appTest('shows the API refusal of an address that has an account, in Japanese', async (user) => {
    const server = staffServer()
    await renderApp({ path: '/ja/admin/staff', language: 'ja', server, signedIn: true })
    const form = await screen.findByRole('form', { name: 'スタッフを招待' })
    await user.type(within(form).getByRole('textbox', { name: 'メールアドレス' }), 'door@example.jp')
    await user.click(within(form).getByRole('button', { name: '招待を送る' }))
    expect(await screen.findByText('このメールアドレスのスタッフアカウントはすでにあります。')).toBeTruthy()
    expect(server.staff).toHaveLength(2)
  })

  appTest('changes a role, and shows why the committee member cannot demote themselves', async (user) => {
    const server = staffServer()
    await renderApp({ path: '/en/admin/staff', language: 'en', server, signedIn: true })
    const table = await staffTable()

    await user.click(within(table).getByRole('combobox', { name: 'Role of door@example.jp' }))
    await user.click(await screen.findByRole('option', { name: 'Desk' }))
    expect(await within(table).findByRole('combobox', { name: 'Role of door@example.jp' })).toHaveProperty(
      'textContent',
      'Desk',
    )
    expect(server.staff[1]?.roles).toEqual(['desk'])

    await user.click(within(table).getByRole('combobox', { name: 'Role of chair@example.jp' }))
    await user.click(await screen.findByRole('option', { name: 'Door' }))
    expect(
      await screen.findByText(
        'You cannot remove your own committee role or disable your own account. Ask another committee member.',
      ),
    ).toBeTruthy()
    expect(server.staff[0]?.roles).toEqual(['committee'])
  })

  appTest('disables an account only after confirming, and enables it again', async (user) => {
    const server = staffServer()
    await renderApp({ path: '/en/admin/staff', language: 'en', server, signedIn: true })
    const table = await staffTable()

    await user.click(within(table).getByRole('button', { name: 'Disable door@example.jp' }))
    expect(within(table).getByText('Disable door@example.jp? They can no longer sign in.')).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: 'Keep as it is' }))
    expect(server.staff[1]?.enabled).toBe(true)

    await user.click(within(table).getByRole('button', { name: 'Disable door@example.jp' }))
    await user.click(within(table).getByRole('button', { name: 'Yes, disable' }))
    expect(await within(table).findByText('Disabled')).toBeTruthy()
    expect(server.staff[1]?.enabled).toBe(false)

    await user.click(within(table).getByRole('button', { name: 'Enable door@example.jp' }))
    await user.click(within(table).getByRole('button', { name: 'Yes, enable' }))
    // Waits for the row to change: finding one "Active" (the other account's) proves nothing.
    await waitFor(() => expect(within(table).queryByText('Disabled')).toBeNull())
    expect(within(table).getAllByText('Active')).toHaveLength(2)
    expect(server.staff[1]?.enabled).toBe(true)
  })

  appTest('is not offered to the desk, and says so when opened by its address', async () => {
    await renderApp({
      path: '/en/admin/staff',
      language: 'en',
      server: staffServer(),
      signedIn: true,
      roles: ['desk'],
    })
    expect(
      await screen.findByText(
        'Your staff role does not include this screen. Choose one of the sections above.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'Staff' })).toBeNull()
    expect(screen.queryByRole('tab', { name: 'Audit trail' })).toBeNull()
  })
})

describe('the audit trail screen', () => {
  function auditServer() {
    const server = staffServer()
    server.auditPageSize = 2
    server.audit = [3, 2, 1].map((id) => ({
      id,
      at: `2025-05-10T0${id}:00:00.000Z`,
      actor_id: id === 2 ? 'desk-sub' : fakeStaffUser,
      ...(id === 2 ? {} : { actor_email: 'chair@example.jp' }),
      action: id === 2 ? 'checkInUndone' : 'refund',
      subject: `registration-${id}`,
      details: { n: id },
    }))
    return server
  }

  appTest('lists entries newest first in Japan time, pages on, filters and downloads them', async (user) => {
    const server = auditServer()
    const app = await renderApp({ path: '/en/admin/audit', language: 'en', server, signedIn: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Audit entries' })
    // Wider than a phone with nothing in it to focus: its scrolling region takes the keyboard's focus itself.
    const region = screen.getByRole('region', { name: 'Audit entries' })
    region.focus()
    expect(document.activeElement).toBe(region)
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        )
    expect(cells()).toEqual([
      ['May 10, 2025 at 12:00:00', 'chair@example.jp', 'Refund', 'registration-3', '{"n":3}'],
      ['May 10, 2025 at 11:00:00', 'desk-sub', 'Check-in undone', 'registration-2', '{"n":2}'],
    ])

    await user.click(screen.getByRole('button', { name: 'Show older entries' }))
    expect(await within(table).findByText('registration-1')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(app.downloads).toHaveLength(1)
    expect(app.downloads[0]?.fileName).toMatch(/^audit-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/)
    expect(app.downloads[0]?.text.split('\r\n')).toEqual([
      '\uFEFFat,actor_id,actor_email,action,subject,details',
      `2025-05-10 12:00:00,${fakeStaffUser},chair@example.jp,refund,registration-3,"{""n"":3}"`,
      '2025-05-10 11:00:00,desk-sub,,checkInUndone,registration-2,"{""n"":2}"',
      `2025-05-10 10:00:00,${fakeStaffUser},chair@example.jp,refund,registration-1,"{""n"":1}"`,
    ])
    // The download itself is in the trail.
    expect(await screen.findByText('registration-1')).toBeTruthy()
    expect(server.audit[0]).toMatchObject({ action: 'csvExported', subject: 'audit', details: { rows: 3 } })

    const filter = screen.getByRole('form', { name: 'Filter the audit trail' })
    await user.click(within(filter).getByRole('combobox', { name: 'Action' }))
    await user.click(await screen.findByRole('option', { name: 'Check-in undone' }))
    await user.type(within(filter).getByLabelText('From (day)'), '2025-05-10')
    await user.click(within(filter).getByRole('button', { name: 'Filter' }))
    expect(
      await within(await screen.findByRole('table', { name: 'Audit entries' })).findByText('registration-2'),
    ).toBeTruthy()
    const query = server.auditQueries.at(-1)
    expect(query?.get('action')).toBe('checkInUndone')
    expect(query?.get('from')).toBe('2025-05-09T15:00:00.000Z')
    expect(screen.queryByText('registration-3')).toBeNull()
  })
})
