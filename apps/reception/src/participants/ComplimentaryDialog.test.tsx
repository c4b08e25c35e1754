import type { StaffRole } from '@furfes/core'
import { screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire } from '../test/fixtures.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * The desk's complimentary registration form (docs/decisions/185-desk-tools.md): bad input gets the catalogue's
 * messages and sends nothing, an unknown address shows the API's message, a member is registered with the kind
 * and shows in the list; the door has no such form.
 */

async function participantsApp(language: 'ja' | 'en', roles: readonly StaffRole[]) {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'コン', tier: 'member' }),
      participantWire({ n: 2, badgeName: 'Guest', email: 'guest@example.com', withoutRegistration: true }),
    ],
  })
  const app = await renderApp({
    path: `/${language}/admin`,
    language,
    server,
    signedIn: true,
    synced: true,
    roles,
  })
  await screen.findByRole('table', { name: language === 'ja' ? '参加者' : 'Participants' })
  return app
}

describe('the complimentary registration form', () => {
  appTest('refuses bad input, shows an unknown address, then registers a guest (ja)', async (user) => {
    const app = await participantsApp('ja', ['desk'])
    await user.click(screen.getByRole('button', { name: '招待で登録' }))
    const dialog = await screen.findByRole('dialog', { name: '招待で登録' })

    await user.click(within(dialog).getByRole('button', { name: '登録する' }))
    const email = within(dialog).getByRole('textbox', { name: '会員アカウントのメールアドレス' })
    const helper = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
    expect(await within(dialog).findByText('バッジ名を入力してください。')).toBeTruthy()
    expect(helper(email)).toBe('入力してください。')
    expect(app.server.complimentaryRequests).toEqual([])

    await user.type(
      within(dialog).getByRole('textbox', { name: '会員アカウントのメールアドレス' }),
      'nobody@example.com',
    )
    await user.type(within(dialog).getByRole('textbox', { name: 'バッジに載せる名前' }), 'ゲスト様')
    await user.click(within(dialog).getByRole('button', { name: '登録する' }))
    expect(
      await within(dialog).findByText(
        'このメールアドレスのアカウントはありません。先にサイトでアカウントを作成してもらってから、もう一度登録してください。',
      ),
    ).toBeTruthy()

    await user.clear(email)
    await user.type(email, 'Guest@example.com')
    await user.click(within(dialog).getByRole('combobox', { name: '招待の種類' }))
    await user.click(await screen.findByRole('option', { name: '招待（ディーラー）' }))
    await user.click(within(dialog).getByRole('button', { name: '登録する' }))
    expect(await within(dialog).findByText('登録しました。本人にメールが届きます。')).toBeTruthy()
    expect(app.server.complimentaryRequests.at(-1)).toEqual({
      email: 'guest@example.com',
      kind: 'dealer',
      language: 'ja',
      registration_tier: 'member',
      badge_name: 'ゲスト様',
    })
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }))
    const table = await screen.findByRole('table', { name: '参加者' })
    expect(await within(table).findByText('招待（ディーラー）')).toBeTruthy()
  })

  appTest('asks a sponsor tier for the T-shirt size (en)', async (user) => {
    const app = await participantsApp('en', ['committee'])
    await user.click(screen.getByRole('button', { name: 'Complimentary registration' }))
    const dialog = await screen.findByRole('dialog', { name: 'Complimentary registration' })
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Member account email' }),
      'guest@example.com',
    )
    await user.type(within(dialog).getByRole('textbox', { name: 'Badge name' }), 'Sponsor')
    await user.click(within(dialog).getByRole('combobox', { name: 'Tier' }))
    await user.click(await screen.findByRole('option', { name: 'Sponsor' }))
    await user.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await within(dialog).findByText('Size of T-shirt must not be empty')).toBeTruthy()
    expect(app.server.complimentaryRequests).toEqual([])
  })

  appTest('is not offered at the door', async () => {
    await participantsApp('ja', ['door'])
    expect(screen.queryByRole('button', { name: '招待で登録' })).toBeNull()
  })
})
