import type { StaffRole } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * Staff's note for the door and the attention flag in the participant detail (docs/decisions/175-door-attention.md):
 * the desk and the committee set them, bad input gets the catalogue's message and sends nothing, the saved note
 * reaches this device's snapshot at once; the door reads them and cannot change them.
 */

async function participantsApp(language: 'ja' | 'en', roles: readonly StaffRole[]) {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'コン', tier: 'member' }),
      participantWire({
        n: 2,
        badgeName: 'Wolf',
        tier: 'member',
        attention: { flagged: true, note: 'Send to the desk lead' },
      }),
    ],
  })
  const path = `/${language}/admin`
  const app = await renderApp({ path, language, server, signedIn: true, synced: true, roles })
  await screen.findByRole('table', { name: language === 'ja' ? '参加者' : 'Participants' })
  return app
}

describe('the note for the door', () => {
  appTest('lets the desk flag a participant with a note, refusing bad input first (ja)', async (user) => {
    const app = await participantsApp('ja', ['desk'])
    await user.click(screen.getByRole('button', { name: 'コン' }))
    const dialog = await screen.findByRole('dialog')
    const form = within(dialog).getByRole('form', { name: '受付へのメモ' })

    await user.click(
      within(form).getByRole('checkbox', { name: '要確認：判定を黄色にしてこのメモを表示する' }),
    )
    await user.click(within(form).getByRole('button', { name: 'メモを保存' }))
    expect(
      await within(form).findByText('要確認にするときは、受付で確認してほしいことをメモに書いてください。'),
    ).toBeTruthy()
    await user.click(within(form).getByRole('textbox', { name: 'メモ' }))
    await user.paste('🦊'.repeat(201))
    await user.click(within(form).getByRole('button', { name: 'メモを保存' }))
    expect(await within(form).findByText('メモは200文字以内で入力してください。')).toBeTruthy()
    expect(app.server.attentionRequests).toEqual([])

    await user.clear(within(form).getByRole('textbox', { name: 'メモ' }))
    await user.type(within(form).getByRole('textbox', { name: 'メモ' }), '車椅子でのご来場')
    await user.click(within(form).getByRole('button', { name: 'メモを保存' }))
    expect(await within(form).findByText('保存しました。ほかの端末には次の同期で表示されます。')).toBeTruthy()
    expect(app.server.attentionRequests).toEqual([{ flagged: true, note: '車椅子でのご来場' }])
    await waitFor(() =>
      expect(
        app.services.store.getSnapshot().participantsByRegistrationId.get(registrationIdOf(1))?.attention,
      ).toEqual({ flagged: true, note: '車椅子でのご来場' }),
    )
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }))
    const row = screen.getByRole('button', { name: 'コン' }).closest('tr') as HTMLElement
    expect(within(row).getByText('要確認')).toBeTruthy()
  })

  appTest('shows the door the note without a way to change it (en)', async (user) => {
    const app = await participantsApp('en', ['door'])
    await user.click(screen.getByRole('button', { name: 'Wolf' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Needs attention')).toBeTruthy()
    expect(within(dialog).getByText('Send to the desk lead')).toBeTruthy()
    expect(within(dialog).queryByRole('form', { name: 'Note for the door' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Save note' })).toBeNull()
    expect(app.server.attentionRequests).toEqual([])
  })
})
