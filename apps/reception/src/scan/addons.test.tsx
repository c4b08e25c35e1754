import { act, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import {
  createSigningKey,
  participantWire,
  type SigningKey,
  signCode,
  validAtEvent,
} from '../test/fixtures.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * Add-ons at the door (docs/decisions/178-add-on-products.md): what a participant paid for travels in the
 * participant snapshot, so the verdict lists the tasting ticket to hand over, offline too.
 */

let key: SigningKey

beforeAll(async () => {
  key = await createSigningKey()
})

const tasting = { code: 'cooking_club_tasting', name_ja: '料理部 試食会', name_en: 'Cooking club tasting' }

async function doorApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    keys: key.keySet,
    participants: [
      participantWire({ n: 1, badgeName: 'コン', tier: 'member', addons: [tasting] }),
      participantWire({ n: 2, badgeName: 'Bear', tier: 'member' }),
    ],
  })
  const path = `/${language}/admin/scan`
  const app = await renderApp({ path, language, server, signedIn: true, synced: true, roles: ['door'] })
  await within(document.body).findByLabelText(language === 'ja' ? 'カメラ映像' : 'Camera picture')
  return app
}

const panelOf = (heading: HTMLElement) => heading.closest('[data-verdict]') as HTMLElement

describe('add-ons at the door', () => {
  appTest('offline, the verdict of a buyer lists the tasting ticket to hand over (ja)', async () => {
    const app = await doorApp('ja')
    app.network.online = false
    await act(async () => {
      await app.services.sync.sync()
    })
    await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))
    const panel = panelOf(await screen.findByText('受付OK', { selector: 'h2' }))
    expect(within(panel).getByText('料理部 試食会のチケット')).toBeTruthy()
  })

  appTest('lists it in English, and nothing for a participant who bought none (en)', async () => {
    const app = await doorApp('en')
    await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))
    const panel = panelOf(await screen.findByText('Valid', { selector: 'h2' }))
    expect(within(panel).getByText('Ticket: Cooking club tasting')).toBeTruthy()

    await act(async () => app.scanner.show(await signCode(key, { n: 2 }, validAtEvent)))
    const next = panelOf(await screen.findByText('Bear'))
    expect(within(next).queryByText(/^Ticket:/)).toBeNull()
  })
})
