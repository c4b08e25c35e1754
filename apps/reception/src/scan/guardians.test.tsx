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
import { appTest, renderApp } from '../test/render.tsx'

/*
 * A minor's guardian at the door (docs/decisions/184-guardians.md): the snapshot carries who guards whom, so
 * offline a minor's verdict asks for the guardian and names them, and the guardian's verdict lists their minors.
 */

let key: SigningKey

beforeAll(async () => {
  key = await createSigningKey()
})

const tail = (n: number) => registrationIdOf(n).slice(-6).toUpperCase()

async function doorApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    keys: key.keySet,
    participants: [
      {
        ...participantWire({ n: 1, badgeName: 'Kit', tier: 'member' }),
        guardian: { registration_id: registrationIdOf(2), badge_name: 'Papa Fox', confirmed: true },
      },
      {
        ...participantWire({ n: 2, badgeName: 'Papa Fox', tier: 'member' }),
        minors: [{ registration_id: registrationIdOf(1), badge_name: 'Kit' }],
      },
      {
        ...participantWire({ n: 3, badgeName: 'Cub', tier: 'member' }),
        guardian: { registration_id: registrationIdOf(4), badge_name: 'Gone', confirmed: false },
      },
    ],
  })
  const path = `/${language}/admin/scan`
  const app = await renderApp({ path, language, server, signedIn: true, synced: true, roles: ['door'] })
  await screen.findByRole('heading', { level: 1 })
  await within(document.body).findByLabelText(language === 'ja' ? 'カメラ映像' : 'Camera picture')
  app.network.online = false
  await act(async () => {
    await app.services.sync.sync()
  })
  return app
}

const panelOf = (text: HTMLElement) => text.closest('[data-verdict]') as HTMLElement

describe('guardians at the door', () => {
  appTest('offline, a minor’s verdict asks for the guardian and names them (ja)', async () => {
    const app = await doorApp('ja')
    await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))

    const panel = panelOf(await screen.findByText('13歳以下：保護者の同伴が必要です'))
    expect(panel.dataset.verdict).toBe('valid')
    expect(within(panel).getByText('Kit')).toBeTruthy()
    expect(within(panel).getByText(`保護者：Papa Fox（登録番号 末尾 ${tail(2)}）`)).toBeTruthy()
  })

  appTest('offline, a guardian’s verdict lists their minors (en)', async () => {
    const app = await doorApp('en')
    await act(async () => app.scanner.show(await signCode(key, { n: 2 }, validAtEvent)))

    const panel = panelOf(await screen.findByText('Guardian of:'))
    expect(within(panel).getByText('Papa Fox')).toBeTruthy()
    expect(within(panel).getByText(`Kit (registration ending ${tail(1)})`)).toBeTruthy()
    expect(within(panel).queryByText('Aged 13 or under: the guardian must be present')).toBeNull()
  })

  appTest('sends a minor without a confirmed guardian to the desk (en)', async () => {
    const app = await doorApp('en')
    await act(async () => app.scanner.show(await signCode(key, { n: 3 }, validAtEvent)))

    const panel = panelOf(await screen.findByText('Aged 13 or under: the guardian must be present'))
    expect(within(panel).getByText('No guardian has confirmed: send them to the desk.')).toBeTruthy()
    expect(within(panel).queryByText(/Gone/)).toBeNull()
  })
})
