import { act, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import {
  createSigningKey,
  participantWire,
  registrationIdOf,
  type SigningKey,
  signCode,
  validAtEvent,
} from '../test/fixtures.ts'
import { appTest, renderApp, uiTimeoutMs } from '../test/render.tsx'

/*
 * The goods list of the verdict (docs/decisions/180-goods-handed-out.md): one checkbox a line of the tier's
 * goods, the T-shirt with its size, ticked offline on this tablet at once and uploaded once the network is back;
 * a line another desk ticked shows ticked with when and where.
 */

let key: SigningKey

beforeAll(async () => {
  key = await createSigningKey()
})

async function doorApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    keys: key.keySet,
    participants: [
      participantWire({ n: 1, badgeName: 'コン', tier: 'sponsor', tShirtSize: 'L' }),
      participantWire({ n: 2, badgeName: 'Bear', tier: 'member' }),
    ],
  })
  const [fox] = server.participants
  if (fox) {
    fox.goods_handed = [
      { goods: 'conbook', handed_at: new Date(validAtEvent.iat).toISOString(), device_name: '受付2' },
    ]
  }
  const path = `/${language}/admin/scan`
  const app = await renderApp({ path, language, server, signedIn: true, synced: true, roles: ['door'] })
  await screen.findByRole('heading', { level: 1 })
  await within(document.body).findByLabelText(language === 'ja' ? 'カメラ映像' : 'Camera picture')
  return { app, server }
}

const panelOf = (heading: HTMLElement) => heading.closest('[data-verdict]') as HTMLElement

describe('goods handed out at the door', () => {
  appTest(
    'offline, ticks the goods of a sponsor and uploads each tick once when back online (ja)',
    async (user) => {
      const { app, server } = await doorApp('ja')
      app.network.online = false
      await act(async () => {
        await app.services.sync.sync()
      })
      await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))
      const panel = panelOf(await screen.findByText('受付OK'))
      const boxes = within(panel).getAllByRole('checkbox')
      expect(boxes.map((box) => box.closest('label')?.textContent?.split('受付2')[0])).toEqual([
        expect.stringMatching(/^コンブック.*に$/),
        '限定ネックストラップ',
        '公式Tシャツ（サイズ L）',
        'トートバッグ',
        '入場証ケース',
        'ステッカー',
      ])
      // Another desk handed over the conbook: it shows ticked, with where.
      const conbook = within(panel).getByRole('checkbox', { name: /コンブック/ })
      expect((conbook as HTMLInputElement).checked).toBe(true)
      expect(within(panel).getByText(/受付2でお渡し済み/)).toBeTruthy()

      const shirt = within(panel).getByRole('checkbox', { name: '公式Tシャツ（サイズ L）' })
      await user.click(shirt)
      await user.click(within(panel).getByRole('checkbox', { name: 'トートバッグ' }))
      expect((shirt as HTMLInputElement).checked).toBe(true)
      expect(app.services.store.getSnapshot().pendingGoodsTickCount).toBe(2)
      expect(server.goodsTickUploads).toEqual([])

      app.network.online = true
      await act(async () => {
        await app.services.sync.sync()
      })
      expect(server.goodsTickUploads.map((item) => [item.registration_id, item.goods, item.kind])).toEqual([
        [registrationIdOf(1), 'tShirt', 'mark'],
        [registrationIdOf(1), 'toteBag', 'mark'],
      ])
      expect(server.participants[0]?.goods_handed?.map((line) => line.goods)).toEqual([
        'conbook',
        'tShirt',
        'toteBag',
      ])
      expect(app.services.store.getSnapshot().pendingGoodsTickCount).toBe(0)
      expect((within(panel).getByRole('checkbox', { name: /公式Tシャツ/ }) as HTMLInputElement).checked).toBe(
        true,
      )
    },
    uiTimeoutMs * 2,
  )

  appTest(
    'lists no goods for a member, takes a tick off, and ticks on a later visit (en)',
    async (user) => {
      const { app } = await doorApp('en')
      await act(async () => app.scanner.show(await signCode(key, { n: 2 }, validAtEvent)))
      const member = panelOf(await screen.findByText('Valid'))
      expect(within(member).queryAllByRole('checkbox')).toEqual([])
      await user.click(within(member).getByRole('button', { name: 'Next' }))

      await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))
      const fox = panelOf(await screen.findByText('Valid'))
      const conbook = within(fox).getByRole('checkbox', { name: /Conbook/ })
      await user.click(conbook)
      expect((conbook as HTMLInputElement).checked).toBe(false)
      expect(app.services.store.pendingGoodsTicks().map((item) => [item.goods, item.kind])).toEqual([
        ['conbook', 'unmark'],
      ])

      // Back later for the forgotten T-shirt: the "already checked in" verdict still lists the goods to tick.
      await user.click(within(fox).getByRole('button', { name: 'Next' }))
      await act(async () => app.services.store.recordCheckIn(registrationIdOf(1)))
      await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))
      const again = panelOf(await screen.findByText('Already checked in', { selector: 'h2' }))
      const shirt = within(again).getByRole('checkbox', { name: 'Official T-shirt (size L)' })
      await user.click(shirt)
      expect((shirt as HTMLInputElement).checked).toBe(true)
      const handed = app.services.store.getSnapshot().handedGoods.get(registrationIdOf(1))
      expect([...(handed?.keys() ?? [])]).toEqual(['tShirt'])
    },
    uiTimeoutMs * 2,
  )
})
