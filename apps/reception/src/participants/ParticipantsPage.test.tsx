import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf, userIdOf } from '../test/fixtures.ts'
import { renderApp, uiTimeoutMs } from '../test/render.tsx'
import { csvColumns } from './csv.ts'

function participantsApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'コン', handleName: 'Kon', tier: 'sponsor', tShirtSize: 'M' }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'pending', email: 'wolf@example.jp' }),
      participantWire({ n: 3, badgeName: 'Bear', tier: 'fursuiter', changingRoomType: 'male' }),
    ],
  })
  return renderApp({
    path: `/${language}/admin`,
    language,
    server,
    signedIn: true,
    prepare: async (services) => {
      await services.sync.sync({ refreshSnapshot: true })
      await services.store.recordCheckIn(registrationIdOf(3))
    },
  })
}

describe('participant list', () => {
  it(
    'lists, searches and filters participants (ja)',
    async () => {
      const user = userEvent.setup({ delay: null })
      await participantsApp('ja')
      const table = await screen.findByRole('table', { name: '参加者' })
      expect(within(table).getAllByRole('row')).toHaveLength(4)
      expect(screen.getByText('3人中 3人')).toBeTruthy()
      expect(within(table).getByText('09:30:00 · 受付1')).toBeTruthy()

      await user.type(
        screen.getByLabelText('検索: バッジ名・ハンドルネーム・メールアドレス・登録ID'),
        'example.jp',
      )
      expect(await screen.findByText('3人中 1人')).toBeTruthy()
      expect(within(screen.getByRole('table')).getByText('Wolf')).toBeTruthy()
      await user.clear(screen.getByLabelText('検索: バッジ名・ハンドルネーム・メールアドレス・登録ID'))

      await user.click(screen.getByRole('combobox', { name: 'チェックイン' }))
      await user.click(await screen.findByRole('option', { name: '受付済み' }))
      expect(await screen.findByText('3人中 1人')).toBeTruthy()
      expect(within(screen.getByRole('table')).getByText('Bear')).toBeTruthy()
    },
    uiTimeoutMs,
  )

  it(
    'downloads the filtered list as CSV that parses back (en)',
    async () => {
      const user = userEvent.setup({ delay: null })
      const app = await participantsApp('en')
      await screen.findByRole('table', { name: 'Participants' })
      await user.click(screen.getByRole('combobox', { name: 'Payment' }))
      await user.click(await screen.findByRole('option', { name: 'Paid' }))
      expect(await screen.findByText('2 of 3')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Download CSV' }))

      const [download] = app.downloads
      expect(download?.fileName).toBe('participants-2025-05-10-0930.csv')
      expect(download?.text.charCodeAt(0)).toBe(0xfeff)
      const parsed = Papa.parse<Record<string, string>>(download?.text.slice(1) ?? '', {
        header: true,
        skipEmptyLines: true,
      })
      expect(parsed.meta.fields).toEqual([...csvColumns])
      expect(
        parsed.data.map((row) => [row.user_id, row.badge_name, row.checked_in_at, row.checked_in_device]),
      ).toEqual([
        [userIdOf(3), 'Bear', '2025-05-10 09:30:00', '受付1'],
        [userIdOf(1), 'コン', '', ''],
      ])
    },
    uiTimeoutMs,
  )

  it(
    'opens a participant with the check-in history, and undoes the check-in (en)',
    async () => {
      const user = userEvent.setup({ delay: null })
      const app = await participantsApp('en')
      await user.click(await screen.findByRole('button', { name: 'Bear' }))
      const dialog = await screen.findByRole('dialog', { name: 'Bear' })
      expect(within(dialog).getByText('Checked in at 09:30:00 on 受付1')).toBeTruthy()
      // Entering the admin area synced the queue, so the API has answered.
      expect(await within(dialog).findByText('Accepted')).toBeTruthy()
      expect(within(dialog).getByText('Male')).toBeTruthy()
      await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }))
      expect(await within(dialog).findByText('Check-in undone at 09:30:00 on 受付1')).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: 'Check in' })).toBeTruthy()
      expect(
        app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(3))?.current,
      ).toBeUndefined()
    },
    uiTimeoutMs,
  )
})
