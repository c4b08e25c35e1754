import { editionToWire, firstEdition, nextEditionDraft } from '@furfes/core'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect } from 'vitest'
import { createFakeApiServer, type FakeApiServer } from '../test/fake-api-server.ts'
import {
  createSigningKey,
  eventMorning,
  hour,
  participantWire,
  registrationIdOf,
  type SigningKey,
  signCode,
  signJwsCode,
  validAtEvent,
} from '../test/fixtures.ts'
import { appTest, renderSyncedAdmin } from '../test/render.tsx'

let key: SigningKey

beforeAll(async () => {
  key = await createSigningKey()
})

async function scanApp(language: 'ja' | 'en', configure?: (server: FakeApiServer) => void) {
  const server = createFakeApiServer({
    keys: key.keySet,
    participants: [
      participantWire({
        n: 1,
        badgeName: 'コン',
        handleName: 'Kon the Fox',
        tier: 'sponsor_fursuiter',
        tShirtSize: 'XL',
        changingRoomType: 'female',
      }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'canceled' }),
      participantWire({ n: 3, badgeName: 'Bear', tier: 'member', email: 'bear@example.com' }),
    ],
  })
  configure?.(server)
  const app = await renderSyncedAdmin(server, `/${language}/admin/scan`, language)
  await screen.findByRole('heading', { level: 1 })
  await within(document.body).findByLabelText(language === 'ja' ? 'カメラ映像' : 'Camera picture')
  return app
}

async function scan(app: Awaited<ReturnType<typeof scanApp>>, token: string) {
  await act(async () => app.scanner.show(token))
}

/** Shows the camera the code of participant n, valid at the event unless told otherwise. */
async function scanCodeOf(
  app: Awaited<ReturnType<typeof scanApp>>,
  n: number,
  validity: { exp: number } = validAtEvent,
) {
  await scan(app, await signCode(key, { n }, validity))
}

describe('scanning at the door', () => {
  appTest(
    'shows a green verdict with what to hand over, checks the person in, then amber on a second scan (ja)',
    async (user) => {
      const app = await scanApp('ja')
      const token = await signCode(key, { n: 1 }, validAtEvent)
      await scan(app, token)
      const verdict = await screen.findByText('受付OK')
      const panel = verdict.closest('[data-verdict]') as HTMLElement
      expect(panel.dataset.verdict).toBe('valid')
      expect(within(panel).getByText('コン')).toBeTruthy()
      expect(within(panel).getByText('Kon the Fox')).toBeTruthy()
      expect(within(panel).getByText('着ぐるみスポンサー参加')).toBeTruthy()
      expect(within(panel).getByText('入場バッジ')).toBeTruthy()
      expect(within(panel).getByRole('checkbox', { name: '公式Tシャツ（サイズ XL）' })).toBeTruthy()
      expect(within(panel).getByText('更衣室: 女性用')).toBeTruthy()
      expect(app.cues).toEqual(['valid'])
      // The check-in is written to IndexedDB just after the verdict shows; wait for the stored state.
      expect(await screen.findByText('未送信 1件')).toBeTruthy()
      expect(
        app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(1))?.current?.deviceName,
      ).toBe('受付1')

      // The same code is still in front of the camera: it counts once.
      await scan(app, token)
      expect(app.cues).toEqual(['valid'])

      await user.click(within(panel).getByRole('button', { name: '次へ' }))
      await scan(app, token)
      const again = await screen.findByText('チェックイン済み', { selector: 'h2' })
      const amber = again.closest('[data-verdict]') as HTMLElement
      expect(amber.dataset.verdict).toBe('alreadyCheckedIn')
      expect(within(amber).getByText(/09:30:00 に 受付1 でチェックイン済み/)).toBeTruthy()
      expect(app.cues).toEqual(['valid', 'alreadyCheckedIn'])
    },
  )

  appTest('shows red verdicts with their reasons (en)', async () => {
    const app = await scanApp('en')
    await scanCodeOf(app, 2)
    expect(await screen.findByText('This registration was canceled.')).toBeTruthy()
    expect(screen.getByText('Invalid').closest('[data-verdict]')?.getAttribute('data-verdict')).toBe(
      'rejected',
    )

    await scanCodeOf(app, 3, { exp: eventMorning - hour })
    expect(
      await screen.findByText(
        'The code has expired. Ask the participant to open the registration code again on My Page.',
      ),
    ).toBeTruthy()

    // A code from before the compact format, altered.
    const [header, payload] = (await signJwsCode(key, { n: 3, badgeName: 'Bear' }, validAtEvent)).split('.')
    await scan(app, `${header}.${payload}.AAAA`)
    expect(await screen.findByText("The code's signature is not valid: it has been altered.")).toBeTruthy()
    expect(app.cues).toEqual(['rejected', 'rejected', 'rejected'])
    expect(app.services.store.getSnapshot().pendingCount).toBe(0)
  })

  appTest(
    'refuses a code of another edition, naming it, and sends a valid scan’s code with its check-in (ja)',
    async () => {
      const app = await scanApp('ja')
      await scan(app, await signCode(key, { n: 1 }, validAtEvent, { editionId: '2024' }))
      expect(
        await screen.findByText(
          `このコードは別の開催回（2024）のものです。${firstEdition.name.ja}の入場には使えません。`,
        ),
      ).toBeTruthy()
      expect(screen.getByText('無効').closest('[data-verdict]')?.getAttribute('data-verdict')).toBe(
        'rejected',
      )
      expect(app.services.store.getSnapshot().pendingCount).toBe(0)

      // This edition's code admits the person, and the check-in keeps the code for the API to check again.
      const token = await signCode(key, { n: 1 }, validAtEvent)
      await scan(app, token)
      expect(await screen.findByText('受付OK')).toBeTruthy()
      await waitFor(() =>
        expect(
          app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(1))?.current?.code,
        ).toBe(token),
      )
      expect(app.cues).toEqual(['rejected', 'valid'])
    },
  )

  appTest('refuses last edition’s code once the next edition is current, offline too (en)', async () => {
    const next = nextEditionDraft(firstEdition)
    const app = await scanApp('en', (server) => {
      server.editions = [
        {
          ...server.editions[0],
          edition: editionToWire(next),
          version: 1,
          current: true,
        } as (typeof server.editions)[0],
      ]
    })
    app.network.online = false
    await scan(app, await signCode(key, { n: 1 }, validAtEvent, { editionId: firstEdition.id }))
    expect(
      await screen.findByText(
        `This code is for another festival (${firstEdition.id}), not for ${next.name.en}: it does not admit anyone today.`,
      ),
    ).toBeTruthy()
    expect(app.cues).toEqual(['rejected'])
  })

  appTest(
    'accepts a compact code of someone this device does not list yet, and says name and tier are unknown (en)',
    async () => {
      const app = await scanApp('en')
      await scanCodeOf(app, 9)
      const panel = (await screen.findByText('Valid')).closest('[data-verdict]') as HTMLElement
      expect(
        within(panel).getByText("Not yet in this device's participant list: checked from the code alone."),
      ).toBeTruthy()
      expect(
        within(panel).getByText(
          'Name and tier are not on this device yet: sync, or ask for the name and check My Page.',
        ),
      ).toBeTruthy()
      expect(within(panel).getByText("not in this device's list", { selector: 'h3, p' })).toBeTruthy()
      expect(within(panel).getByText('Entry badge')).toBeTruthy()
    },
  )

  appTest(
    'finds a person whose code will not scan: not checked in yet, then checked in and uploaded once confirmed (en)',
    async (user) => {
      const app = await scanApp('en')
      await user.type(screen.getByLabelText('Search participants'), 'bear@')
      const results = await screen.findByRole('list', { name: 'Search results' })
      await user.click(within(results).getByText('Bear'))
      // Nothing OK-looking before anyone is checked in: a neutral state, silent, with "Check in" to press.
      const panel = (await screen.findByText('Not checked in yet')).closest('[data-verdict]') as HTMLElement
      expect(panel.dataset.verdict).toBe('notCheckedIn')
      expect(within(panel).queryByText('Valid')).toBeNull()
      expect(within(panel).queryByText('Hand over')).toBeNull()
      expect(
        within(panel).getByText('Found by search: make sure this is the person, then check them in.'),
      ).toBeTruthy()
      expect(within(panel).getByText('Bear')).toBeTruthy()
      expect(app.cues).toEqual([])
      expect(app.services.store.getSnapshot().pendingCount).toBe(0)

      await user.click(within(panel).getByRole('button', { name: 'Check in' }))
      expect(await within(panel).findByText('Checked in', { selector: 'h2' })).toBeTruthy()
      expect(panel.dataset.verdict).toBe('checkedIn')
      expect(within(panel).getByText('Entry badge')).toBeTruthy()
      expect(app.cues).toEqual(['valid'])
      expect(
        app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(3))?.current?.deviceName,
      ).toBe('受付1')
      // The sync follows a check-in within 300 ms; the panel follows the check-in to the server.
      expect(await within(panel).findByText('Uploaded: the server has recorded the check-in.')).toBeTruthy()
      expect(app.server.records().map((record) => [record.registration_id, record.status])).toEqual([
        [registrationIdOf(3), 'accepted'],
      ])

      await user.click(within(panel).getByRole('button', { name: 'Undo check-in' }))
      expect(await within(panel).findByText('The check-in was undone.')).toBeTruthy()
      expect(panel.dataset.verdict).toBe('notCheckedIn')
      const history = app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(3))
      expect(history?.current).toBeUndefined()
      expect(history?.history.map((item) => item.kind)).toEqual(['check_in', 'undo'])
    },
  )

  appTest(
    'offline, a check-in from the search says it is recorded on this device, then uploaded once synced (ja)',
    async (user) => {
      const app = await scanApp('ja')
      app.network.online = false
      await act(async () => {
        await app.services.sync.sync()
      })
      expect(await within(screen.getByRole('banner')).findByText('オフライン')).toBeTruthy()
      await user.type(screen.getByLabelText('参加者を検索'), 'bear@')
      await user.click(within(await screen.findByRole('list', { name: '検索結果' })).getByText('Bear'))
      const panel = (await screen.findByText('未受付', { selector: 'h2' })).closest(
        '[data-verdict]',
      ) as HTMLElement
      await user.click(within(panel).getByRole('button', { name: 'チェックイン' }))

      expect(await within(panel).findByText('受付完了', { selector: 'h2' })).toBeTruthy()
      expect(within(panel).getByText('この端末に記録しました。接続が戻ると送信します。')).toBeTruthy()
      expect(app.server.records()).toEqual([])

      // The network is back: the next sync uploads it.
      app.network.online = true
      await act(async () => {
        await app.services.sync.sync()
      })
      expect(await within(panel).findByText('送信済み：サーバーに記録されました。')).toBeTruthy()
      expect(app.server.records().map((record) => record.status)).toEqual(['accepted'])
    },
  )

  appTest('shows when and where a person found by search was already checked in (en)', async (user) => {
    const app = await scanApp('en')
    await act(async () => {
      await app.services.store.recordCheckIn(registrationIdOf(1))
    })
    await user.type(screen.getByLabelText('Search participants'), 'Kon')
    await user.click(within(await screen.findByRole('list', { name: 'Search results' })).getByText('コン'))
    const panel = (await screen.findByText('Already checked in', { selector: 'h2' })).closest(
      '[data-verdict]',
    ) as HTMLElement
    expect(panel.dataset.verdict).toBe('alreadyCheckedIn')
    expect(within(panel).getByText(/Checked in at 09:30:00 on 受付1/)).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: 'Check in' })).toBeNull()
    expect(app.cues).toEqual(['alreadyCheckedIn'])
  })

  appTest(
    'keeps the green verdict of a check-in the server refuses, then shows the refusal as a conflict (en, ja)',
    async (user) => {
      const app = await scanApp('en')
      // The sync the app starts with refreshes the snapshot; once it is done, nothing pulls the list again
      // within this test, so the change below reaches the server only.
      await act(async () => {
        await app.services.sync.sync()
      })
      // Bear's registration is canceled after this device took its snapshot: the device still says paid.
      app.server.participants[2] = participantWire({
        n: 3,
        badgeName: 'Bear',
        tier: 'member',
        email: 'bear@example.com',
        paymentStatus: 'canceled',
      })
      await scanCodeOf(app, 3)
      const panel = (await screen.findByText('Valid')).closest('[data-verdict]') as HTMLElement
      expect(panel.dataset.verdict).toBe('valid')

      // The check-in goes up by itself soon after it is recorded, and the API refuses it.
      const banner = screen.getByRole('banner')
      expect(await within(banner).findByText('1 conflict')).toBeTruthy()
      expect(within(banner).getByText('0 waiting')).toBeTruthy()
      const [refused] = app.services.store.getSnapshot().conflicts
      expect(refused).toMatchObject({
        registrationId: registrationIdOf(3),
        status: 'rejected',
        reason: 'canceled',
      })
      expect(app.server.records().map((record) => [record.status, record.reason])).toEqual([
        ['rejected', 'canceled'],
      ])
      // What was shown at the door stays on screen; the person no longer counts as checked in.
      expect(panel.dataset.verdict).toBe('valid')
      expect(within(panel).getByText('Valid')).toBeTruthy()
      expect(app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(3))?.current).toBe(
        undefined,
      )

      // The participant list says why, in either language.
      for (const [path, why] of [
        [
          '/en/admin',
          'Refused by the server: the registration was canceled, so the person is not checked in.',
        ],
        ['/ja/admin', 'サーバーが拒否：登録がキャンセルされているため、チェックインされていません。'],
      ] as const) {
        await act(async () => {
          await app.router.navigate(path)
        })
        await user.click(await screen.findByRole('button', { name: 'Bear' }))
        const dialog = await screen.findByRole('dialog', { name: 'Bear' })
        expect(within(dialog).getByText(why)).toBeTruthy()
      }
      expect(within(screen.getByRole('banner', { hidden: true })).getByText('競合 1件')).toBeTruthy()
    },
  )

  appTest(
    'shows the server refusing a check-in whose code is of an edition published since the last sync (en, ja)',
    async (user) => {
      const app = await scanApp('en')
      await act(async () => {
        await app.services.sync.sync()
      })
      // The committee publishes the next edition after this device took its snapshot: the device still holds
      // this one and admits this one's code; the server, whose current edition is the next, refuses it.
      const [current] = app.server.editions
      app.server.editions = [
        {
          ...(current as NonNullable<typeof current>),
          edition: editionToWire(nextEditionDraft(firstEdition)),
        },
      ]
      await scanCodeOf(app, 3)
      expect((await screen.findByText('Valid')).closest('[data-verdict]')?.getAttribute('data-verdict')).toBe(
        'valid',
      )
      expect(await within(screen.getByRole('banner')).findByText('1 conflict')).toBeTruthy()
      expect(app.server.records().map((record) => [record.status, record.reason])).toEqual([
        ['rejected', 'other_edition'],
      ])

      for (const [path, why] of [
        [
          '/en/admin',
          'Refused by the server: the code is for another edition of the festival, so the person is not checked in.',
        ],
        ['/ja/admin', 'サーバーが拒否：別の開催回のコードのため、チェックインされていません。'],
      ] as const) {
        await act(async () => {
          await app.router.navigate(path)
        })
        await user.click(await screen.findByRole('button', { name: 'Bear' }))
        const dialog = await screen.findByRole('dialog', { name: 'Bear' })
        expect(within(dialog).getByText(why)).toBeTruthy()
        await user.keyboard('{Escape}')
      }
    },
  )

  appTest('verifies a code typed or pasted by hand, and switches the torch (ja)', async (user) => {
    const app = await scanApp('ja')
    await user.click(await screen.findByRole('button', { name: 'ライトをつける' }))
    expect(app.scanner.torch).toEqual([true])
    expect(screen.getByRole('button', { name: 'ライトを消す' })).toBeTruthy()

    await user.type(screen.getByLabelText('受付コード'), 'not a code{Enter}')
    expect(await screen.findByText('受付コードではありません。')).toBeTruthy()
  })

  appTest(
    'with no camera, asks for the code to be entered or the person searched, not held up (en)',
    async () => {
      const server = createFakeApiServer({
        keys: key.keySet,
        participants: [participantWire({ n: 1, badgeName: 'Fox' })],
      })
      await renderSyncedAdmin(server, '/en/admin/scan', 'en', async (services) => {
        services.scanner.openCamera = async () => {
          throw new DOMException('Requested device not found', 'NotFoundError')
        }
      })
      expect(await screen.findByText('No camera was found. Enter the code or search below.')).toBeTruthy()
      expect(screen.getByText('Enter a registration code or search for the person')).toBeTruthy()
      expect(screen.queryByText('Hold a registration code up to the camera')).toBeNull()
    },
  )

  appTest('names each of the sponsor goods in English, the T-shirt with its size (en)', async () => {
    const app = await scanApp('en')
    await scan(app, await signCode(key, { n: 1 }, validAtEvent))
    const panel = (await screen.findByText('Valid')).closest('[data-verdict]') as HTMLElement
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'Conbook',
      'Limited neck strap',
      'Official T-shirt (size XL)',
      'Tote bag',
      'Entry badge case',
      'Sticker',
    ])
  })
})
