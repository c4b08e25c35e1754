import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { addPastEdition, pastEditionId } from '../test/past-edition.ts'
import { appTest, renderSyncedAdmin } from '../test/render.tsx'

/*
 * The committee's edition settings (decision 155): the current edition as a form checked as it is typed, a
 * preview of what the public site will say, saves made on the version read, and the next edition prepared as a
 * draft and published.
 */

const capacityOf = () => screen.getByRole('textbox', { name: 'Member · capacity' })

describe('edition settings', () => {
  appTest(
    'shows the current edition, checks it as typed, previews and saves it on the version read',
    async (user) => {
      const server = createFakeApiServer()
      await renderSyncedAdmin(server, '/en/admin/edition', 'en')
      expect(await screen.findByRole('heading', { name: 'Edition', level: 1 })).toBeTruthy()
      expect(await screen.findByRole('textbox', { name: 'Member · capacity' })).toHaveProperty('value', '300')
      const preview = screen.getByRole('region', { name: 'What the public site will say' })
      expect(within(preview).getByText('Tokyo Furry Fes 2025')).toBeTruthy()
      expect(within(preview).getByText('Member: ¥3,000')).toBeTruthy()

      await user.clear(capacityOf())
      await user.type(capacityOf(), 'many')
      expect(await screen.findByText('Enter a whole number, 0 or more.')).toBeTruthy()
      await user.clear(capacityOf())
      await user.type(capacityOf(), '320')
      const price = screen.getByRole('textbox', { name: 'Member · price (yen)' })
      await user.clear(price)
      await user.type(price, '3500')
      // The preview follows the form while it is valid (it leaves while the capacity read "many").
      const updated = await screen.findByRole('region', { name: 'What the public site will say' })
      expect(await within(updated).findByText('Member: ¥3,500')).toBeTruthy()

      await user.click(screen.getByRole('button', { name: 'Save' }))
      expect(await screen.findByText('The edition is saved.')).toBeTruthy()
      expect(server.editionSaves).toEqual([
        expect.objectContaining({
          version: 1,
          edition: expect.objectContaining({
            id: '2025',
            tiers: expect.objectContaining({ member: { price_jpy: 3500, capacity: 320, on_sale: true } }),
          }),
        }),
      ])
      expect(server.editions[0]?.version).toBe(2)
      // The history says who saved and which fields moved.
      const history = await screen.findByRole('region', { name: 'History' })
      expect(await within(history).findByText(/ · Saved · staff-1$/)).toBeTruthy()
      expect(within(history).getByText('Member · price (yen) and Member · capacity')).toBeTruthy()
    },
  )

  appTest('refuses to overwrite a save made meanwhile by someone else, and says so', async (user) => {
    const server = createFakeApiServer()
    await renderSyncedAdmin(server, '/ja/admin/edition', 'ja')
    const capacity = await screen.findByRole('textbox', { name: '一般参加 · 定員' })
    // Another committee member saves first.
    const [current] = server.editions
    if (!current) throw new Error('No edition')
    server.editions[0] = { ...current, version: current.version + 1 }

    await user.clear(capacity)
    await user.type(capacity, '310')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText(
        'ほかのスタッフがこの回の設定を先に保存しました。最新の内容を読み込んでから、もう一度変更してください。',
      ),
    ).toBeTruthy()
    expect(server.editions[0]?.edition.tiers.member.capacity).toBe(300)
  })

  appTest(
    'prepares the next edition a year later as a draft, and publishes it after confirming',
    async (user) => {
      const server = createFakeApiServer()
      await renderSyncedAdmin(server, '/en/admin/edition', 'en')
      await screen.findByLabelText('Event date')
      await user.click(screen.getByRole('button', { name: 'Prepare the next edition' }))
      expect(
        await screen.findByText('The next edition is prepared as a draft: review it, then publish it.'),
      ).toBeTruthy()
      await waitFor(() => expect(screen.getByLabelText('Event date')).toHaveProperty('value', '2026-05-10'))
      expect(screen.queryByRole('button', { name: 'Prepare the next edition' })).toBeNull()

      // Going back publishes nothing, by the button or by Escape; saying yes publishes the draft.
      const publish = screen.getByRole('button', { name: 'Publish and make current' })
      await user.click(publish)
      const question = await screen.findByRole('dialog', { name: 'Publish the edition' })
      expect(
        within(question).getByText(
          'Make "東京ふぁーりーフェス 2026" the current edition? The public site and registration switch to it at once.',
        ),
      ).toBeTruthy()
      await user.click(within(question).getByRole('button', { name: 'Go back' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      publish.focus()
      await user.keyboard('{Enter}')
      expect(await screen.findByRole('dialog', { name: 'Publish the edition' })).toBeTruthy()
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(server.editions.map((entry) => [entry.edition.id, entry.status])).toEqual([
        ['2026', 'draft'],
        ['2025', 'published'],
      ])

      await user.click(publish)
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Publish the edition' })).getByRole('button', {
          name: 'Publish',
        }),
      )
      expect(await screen.findByText('Edition 2026 is now current.')).toBeTruthy()
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(server.editions.map((entry) => [entry.edition.id, entry.status, entry.current])).toEqual([
        ['2026', 'published', true],
        ['2025', 'published', false],
      ])
    },
  )

  appTest(
    'shows a refusal to publish inside the question, in Japanese, and publishes nothing',
    async (user) => {
      const server = createFakeApiServer()
      const app = await renderSyncedAdmin(server, '/ja/admin/edition', 'ja')
      await user.click(await screen.findByRole('button', { name: '次の開催回を準備' }))
      const publish = await screen.findByRole('button', { name: '公開して現在の回にする' })
      // Another committee member saves the draft meanwhile.
      const index = server.editions.findIndex((entry) => entry.status === 'draft')
      const draft = server.editions[index]
      if (!draft) throw new Error('No draft')
      server.editions[index] = { ...draft, version: draft.version + 1 }

      await user.click(publish)
      const question = await screen.findByRole('dialog', { name: '開催回の公開' })
      expect(
        within(question).getByText(
          '「東京ふぁーりーフェス 2026」を現在の回にしますか？公開サイトと参加登録はすぐにこの回に切り替わります。',
        ),
      ).toBeTruthy()
      await user.click(within(question).getByRole('button', { name: '公開する' }))
      expect(
        await within(question).findByText(
          'ほかのスタッフがこの回の設定を先に保存しました。最新の内容を読み込んでから、もう一度変更してください。',
        ),
      ).toBeTruthy()
      expect(server.editions.map((entry) => [entry.edition.id, entry.status, entry.current])).toEqual([
        ['2026', 'draft', false],
        ['2025', 'published', true],
      ])
      expect(app.errors).toEqual([])
    },
  )

  appTest(
    "chooses each tier's badge artwork among the bundled pictures or none, by mouse or keyboard, and saves it",
    async (user) => {
      const server = createFakeApiServer()
      const app = await renderSyncedAdmin(server, '/en/admin/edition', 'en')
      const member = await screen.findByRole('group', { name: 'Badge artwork · Member' })
      const fursuiter = screen.getByRole('group', { name: 'Badge artwork · Fursuiter' })
      // The festival's own set to start with, each choice named, with a small picture beside it.
      expect(within(member).getByRole('radio', { name: 'Mark' })).toHaveProperty('checked', true)
      expect(within(fursuiter).getByRole('radio', { name: 'Paws' })).toHaveProperty('checked', true)
      expect(
        within(member)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['', 'mark', 'paws', 'star', 'star-paws'])
      expect(member.querySelector('img[alt=""]')?.getAttribute('src')).toBe('/badges/member.svg')

      await user.click(within(member).getByRole('radio', { name: 'None' }))
      // By keyboard: the next picture along the group.
      within(fursuiter).getByRole('radio', { name: 'Paws' }).focus()
      await user.keyboard('{ArrowRight}')
      expect(within(fursuiter).getByRole('radio', { name: 'Star' })).toHaveProperty('checked', true)
      await user.click(screen.getByRole('button', { name: 'Save' }))

      expect(await screen.findByText('The edition is saved.')).toBeTruthy()
      expect(server.editionSaves).toEqual([
        expect.objectContaining({
          edition: expect.objectContaining({
            badge_artwork: { fursuiter: 'star', sponsor: 'star', sponsor_fursuiter: 'star-paws' },
          }),
        }),
      ])
      const history = await screen.findByRole('region', { name: 'History' })
      expect(
        await within(history).findByText('Badge artwork · Member and Badge artwork · Fursuiter'),
      ).toBeTruthy()
      expect(app.errors).toEqual([])
    },
  )

  appTest('shows a past edition read only, with nothing to save (ja)', async (user) => {
    const server = createFakeApiServer()
    addPastEdition(server, { participants: [], waitingList: [] }, { badgeArtwork: { sponsor: 'mark' } })
    await renderSyncedAdmin(server, '/ja/admin/edition', 'ja')
    await user.click(await screen.findByRole('combobox', { name: '開催回' }))
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${pastEditionId}`) }))

    expect(
      await screen.findByText(
        '過去の開催回は、開催した回の記録として閲覧のみできます。価格・定員・日程・バッジの絵などを変更するには、現在の回を開いてください。',
      ),
    ).toBeTruthy()
    // The site no longer shows it, whatever its own dates would make of it today.
    const preview = screen.getByRole('region', { name: '公開サイトで表示していた内容' })
    expect(
      within(preview).getByText('次の回が公開されたため、この回は公開サイトに表示されていません。'),
    ).toBeTruthy()
    const sponsor = await screen.findByRole('group', { name: 'バッジの絵 · スポンサー参加' })
    await waitFor(() =>
      expect(within(sponsor).getByRole('radio', { name: 'マーク' })).toHaveProperty('checked', true),
    )
    const member = screen.getByRole('group', { name: 'バッジの絵 · 一般参加' })
    expect(within(member).getByRole('radio', { name: 'なし' })).toHaveProperty('checked', true)
    // Every field of every section is shown and disabled: text fields, switches and the artwork's radios.
    const controls = [
      ...screen.getAllByRole('textbox'),
      ...screen.getAllByRole('switch'),
      ...screen.getAllByRole('radio'),
    ]
    expect(controls.length).toBeGreaterThan(20)
    expect(controls.filter((control) => !control.hasAttribute('disabled'))).toEqual([])
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
  })
})
