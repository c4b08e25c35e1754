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
 * Staff's note for the door and the attention flag at the door (docs/decisions/175-door-attention.md): both
 * travel in the participant snapshot, so a flagged person's valid code turns the verdict amber with the note,
 * offline too; the search shows them before anyone is chosen; a note without the flag is information only.
 */

let key: SigningKey

beforeAll(async () => {
  key = await createSigningKey()
})

async function doorApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    keys: key.keySet,
    participants: [
      participantWire({
        n: 1,
        badgeName: 'コン',
        tier: 'member',
        attention: { flagged: true, note: '受付リーダーへ案内してください' },
        accessNeeds: '車椅子で来場します',
      }),
      participantWire({
        n: 2,
        badgeName: 'Wolf',
        tier: 'member',
        attention: { flagged: false, note: 'Wheelchair access requested' },
      }),
      participantWire({ n: 3, badgeName: 'Bear', tier: 'member' }),
      participantWire({ n: 4, badgeName: 'Hare', tier: 'member', accessNeeds: 'Quiet place to wait' }),
    ],
  })
  const path = `/${language}/admin/scan`
  const app = await renderApp({ path, language, server, signedIn: true, synced: true, roles: ['door'] })
  await screen.findByRole('heading', { level: 1 })
  await within(document.body).findByLabelText(language === 'ja' ? 'カメラ映像' : 'Camera picture')
  return app
}

const panelOf = (heading: HTMLElement) => heading.closest('[data-verdict]') as HTMLElement

describe('attention at the door', () => {
  appTest(
    'offline, a flagged person’s valid code is amber with the note, and checks them in (ja)',
    async () => {
      const app = await doorApp('ja')
      app.network.online = false
      await act(async () => {
        await app.services.sync.sync()
      })
      await act(async () => app.scanner.show(await signCode(key, { n: 1 }, validAtEvent)))

      const panel = panelOf(await screen.findByText('要確認', { selector: 'h2' }))
      expect(panel.dataset.verdict).toBe('attention')
      expect(
        within(panel).getByText('スタッフが要確認にしています。通す前にメモを読んでください：'),
      ).toBeTruthy()
      expect(within(panel).getByText('受付リーダーへ案内してください')).toBeTruthy()
      // The access needs the person stated come with the note, offline too (decision 185).
      expect(within(panel).getByText('本人が伝えている配慮してほしいこと')).toBeTruthy()
      expect(within(panel).getByText('車椅子で来場します')).toBeTruthy()
      expect(within(panel).getByText('コン')).toBeTruthy()
      expect(within(panel).getByText('入場バッジ')).toBeTruthy()
      // The code is still the proof: the check-in is recorded on this device, to upload later.
      expect(await within(panel).findByText('この端末に記録しました。接続が戻ると送信します。')).toBeTruthy()
      expect(
        app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(1))?.current,
      ).toBeTruthy()
    },
  )

  appTest('shows the flag and the note in the search, and amber until staff check in (en)', async (user) => {
    const app = await doorApp('en')
    await user.type(screen.getByLabelText('Search participants'), 'コン')
    const results = await screen.findByRole('list', { name: 'Search results' })
    expect(within(results).getByText('Needs attention')).toBeTruthy()
    expect(within(results).getByText(/受付リーダーへ案内してください/)).toBeTruthy()
    await user.click(within(results).getByText('コン'))

    const panel = panelOf(await screen.findByText('Check first', { selector: 'h2' }))
    expect(panel.dataset.verdict).toBe('attention')
    expect(within(panel).getByText('受付リーダーへ案内してください')).toBeTruthy()
    expect(
      within(panel).getByText('Found by search: make sure this is the person, then check them in.'),
    ).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: 'Check in' }))
    // Checked in, still amber with the note: whoever looks next reads it too.
    expect(await within(panel).findByText(/Recorded on this device|Uploaded/)).toBeTruthy()
    expect(panel.dataset.verdict).toBe('attention')
    expect(within(panel).queryByRole('button', { name: 'Check in' })).toBeNull()
    expect(
      app.services.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(1))?.current,
    ).toBeTruthy()
  })

  appTest('shows a note without the flag as information on a green verdict (en)', async () => {
    const app = await doorApp('en')
    await act(async () => app.scanner.show(await signCode(key, { n: 2 }, validAtEvent)))
    const panel = panelOf(await screen.findByText('Valid', { selector: 'h2' }))
    expect(panel.dataset.verdict).toBe('valid')
    expect(within(panel).getByText('Staff note')).toBeTruthy()
    expect(within(panel).getByText('Wheelchair access requested')).toBeTruthy()
    expect(app.cues).toEqual(['valid'])

    // Someone without a note shows none.
    await act(async () => app.scanner.show(await signCode(key, { n: 3 }, validAtEvent)))
    const next = panelOf(await screen.findByText('Bear'))
    expect(within(next).queryByText('Staff note')).toBeNull()
    expect(within(next).queryByText('Access needs the person stated')).toBeNull()
  })

  appTest('shows stated access needs as information on a green verdict, not amber (en)', async () => {
    const app = await doorApp('en')
    await act(async () => app.scanner.show(await signCode(key, { n: 4 }, validAtEvent)))
    const panel = panelOf(await screen.findByText('Valid', { selector: 'h2' }))
    expect(panel.dataset.verdict).toBe('valid')
    expect(within(panel).getByText('Access needs the person stated')).toBeTruthy()
    expect(within(panel).getByText('Quiet place to wait')).toBeTruthy()
    expect(app.cues).toEqual(['valid'])
  })
})
