import type { AdminAnnouncementWire } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire } from '../test/fixtures.ts'
import { appTest, renderApp, renderSyncedAdmin } from '../test/render.tsx'

/*
 * The committee's announcements (decision 173): one published with the labelled form, urgent and mailed to a
 * tier after a confirmation, its mail progress shown; content checked as typed; a withdrawal; the desk kept out.
 */

const published: AdminAnnouncementWire = {
  id: '6f1d1a52-5e58-4f2a-9a43-0f6a0c1d1e01',
  title: { ja: '駐車場について', en: 'About parking' },
  body: { ja: '駐車場はありません。', en: 'There is no parking.' },
  urgency: 'normal',
  published_at: '2025-05-09T01:00:00.000Z',
  updated_at: '2025-05-09T01:00:00.000Z',
  edition_id: '2025',
  revision: 1,
  published_by: 'staff-1',
  withdrawn_at: null,
  mail: null,
}

describe('announcements', () => {
  appTest(
    'publishes an urgent announcement and mails it to a tier after confirming, then shows its progress',
    async (user) => {
      const server = createFakeApiServer({
        participants: [
          participantWire({ n: 1, badgeName: 'Fox', tier: 'member' }),
          participantWire({ n: 2, badgeName: 'Wolf', tier: 'member', paymentStatus: 'canceled' }),
          participantWire({ n: 3, badgeName: 'Bear', tier: 'sponsor' }),
        ],
      })
      const app = await renderSyncedAdmin(server, '/en/admin/announcements', 'en')
      expect(await screen.findByRole('heading', { name: 'Announcements', level: 1 })).toBeTruthy()
      expect(await screen.findByText('No announcement yet.')).toBeTruthy()

      await user.click(screen.getByRole('button', { name: 'New announcement' }))
      const form = screen.getByRole('form', { name: 'New announcement' })
      await user.type(within(form).getByRole('textbox', { name: /Title \(Japanese\)/ }), 'パレード遅延')
      await user.type(within(form).getByRole('textbox', { name: /Title \(English\)/ }), 'Parade delayed')
      await user.type(within(form).getByRole('textbox', { name: /Text \(Japanese\)/ }), '15時開始です。')
      await user.type(within(form).getByRole('textbox', { name: /Text \(English\)/ }), 'It starts at 3 pm.')
      await user.click(within(form).getByRole('radio', { name: 'Urgent' }))
      await user.click(
        within(form).getByRole('checkbox', { name: 'Also send it by mail to the paid participants' }),
      )
      await user.click(within(form).getByRole('checkbox', { name: 'Member' }))
      await user.click(within(form).getByRole('button', { name: 'Publish' }))

      // Nothing is sent before the committee says yes in the dialog.
      const dialog = await screen.findByRole('dialog', { name: 'Publish the announcement' })
      expect(
        within(dialog).getByText(
          'Publish this announcement and mail it to the paid participants (Member)? The public site shows it at once and the mails cannot be called back.',
        ),
      ).toBeTruthy()
      expect(server.announcementRequests.filter((request) => request.route.startsWith('POST'))).toEqual([])
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }))

      expect(await screen.findByText('The announcement is published.')).toBeTruthy()
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(server.announcementRequests.find((request) => request.route.startsWith('POST'))?.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: { ja: 'パレード遅延', en: 'Parade delayed' },
        body: { ja: '15時開始です。', en: 'It starts at 3 pm.' },
        urgency: 'urgent',
        mail: { tiers: ['member'] },
      })
      const list = screen.getByRole('region', { name: "This edition's announcements" })
      const item = await within(list).findByRole('listitem', { name: 'パレード遅延 / Parade delayed' })
      expect(within(item).getByText('Urgent')).toBeTruthy()
      expect(within(item).getByText('Mail to Member: 1 queued, 0 sent, 0 failed, 0 not sent')).toBeTruthy()
      expect(app.errors).toEqual([])
    },
    // Typing a whole announcement on a busy two-core machine.
    90_000,
  )

  appTest('checks the content as typed and publishes nothing while it is wrong', async (user) => {
    const server = createFakeApiServer()
    await renderSyncedAdmin(server, '/ja/admin/announcements', 'ja')
    await user.click(await screen.findByRole('button', { name: 'お知らせを作成' }))
    const form = screen.getByRole('form', { name: '新しいお知らせ' })
    await user.type(within(form).getByRole('textbox', { name: /タイトル（日本語）/ }), 'あ'.repeat(81))
    await user.click(within(form).getByRole('button', { name: '掲載する' }))

    expect(await within(form).findByText('タイトルは80文字以内で入力してください。')).toBeTruthy()
    expect(within(form).getAllByText('入力してください。').length).toBeGreaterThanOrEqual(3)
    expect(server.announcementRequests.filter((request) => request.route.startsWith('POST'))).toEqual([])
  })

  appTest('withdraws an announcement after confirming', async (user) => {
    const server = createFakeApiServer()
    server.announcements = [{ ...published }]
    await renderSyncedAdmin(server, '/en/admin/announcements', 'en')
    await user.click(await screen.findByRole('button', { name: 'Withdraw “駐車場について”' }))

    // Going back withdraws nothing; the second time the committee confirms.
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the announcement' })
    expect(
      within(dialog).getByText(
        'Withdraw “駐車場について”? The public site stops showing it and mails not yet sent are not sent.',
      ),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.announcementRequests.filter((request) => !request.route.startsWith('GET'))).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Withdraw “駐車場について”' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw the announcement' })).getByRole('button', {
        name: 'Withdraw',
      }),
    )
    expect(await screen.findByText('The announcement is withdrawn.')).toBeTruthy()
    const item = await screen.findByRole('listitem', { name: '駐車場について / About parking' })
    expect(await within(item).findByText('Withdrawn')).toBeTruthy()
    expect(within(item).queryByRole('button', { name: /Withdraw/ })).toBeNull()
  })

  appTest('keeps the desk out: the section is not offered and its address says so', async () => {
    const server = createFakeApiServer()
    await renderApp({
      path: '/en/admin/announcements',
      language: 'en',
      server,
      signedIn: true,
      synced: true,
      roles: ['desk'],
    })
    expect(
      await screen.findByText(
        'Your staff role does not include this screen. Choose one of the sections above.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'Announcements' })).toBeNull()
  })
})
