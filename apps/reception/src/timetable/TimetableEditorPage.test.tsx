import { breakpoints, mobileLayoutBelow } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, vi } from 'vitest'
import { createFakeApiServer, fakeStaffUser } from '../test/fake-api-server.ts'
import { appTest, renderApp, renderSyncedAdmin } from '../test/render.tsx'
import { timetableCsvColumns } from './csv.ts'

/*
 * The committee's timetable editor (decision 172): a session added with the form, the draft exported and
 * imported as CSV (refused whole with each mistake named), published, and the versions listed.
 */

const header = timetableCsvColumns.join(',')

describe('timetable editor', () => {
  appTest(
    'adds a session with the labelled form, checked as typed, then publishes the draft',
    async (user) => {
      const server = createFakeApiServer()
      const app = await renderSyncedAdmin(server, '/en/admin/timetable', 'en')
      expect(await screen.findByRole('heading', { name: 'Timetable', level: 1 })).toBeTruthy()
      expect(
        await screen.findByText('Nothing is published yet: the public site shows the timetable image.'),
      ).toBeTruthy()

      await user.click(screen.getByRole('button', { name: 'Add a session' }))
      const form = screen.getByRole('form', { name: 'New session' })
      // The form opens above the draft; whoever pressed the button types in it at once.
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /ID/ }))
      expect(within(form).getByRole('textbox', { name: /Starts/ })).toHaveProperty(
        'value',
        '2025-05-10 10:00',
      )
      await user.type(within(form).getByRole('textbox', { name: /ID/ }), 'Opening!')
      expect(await within(form).findByText(/Use up to 40 lower-case letters/)).toBeTruthy()
      await user.clear(within(form).getByRole('textbox', { name: /ID/ }))
      await user.type(within(form).getByRole('textbox', { name: /ID/ }), 'opening')
      await user.clear(within(form).getByRole('textbox', { name: /Ends/ }))
      await user.type(within(form).getByRole('textbox', { name: /Ends/ }), '2025-05-10 10:30')
      await user.type(within(form).getByRole('textbox', { name: /Stage \(Japanese\)/ }), 'メインホール')
      await user.type(within(form).getByRole('textbox', { name: /Stage \(English\)/ }), 'Main hall')
      await user.type(within(form).getByRole('textbox', { name: /Title \(Japanese\)/ }), '開会式')
      await user.type(within(form).getByRole('textbox', { name: /Title \(English\)/ }), 'Opening ceremony')
      await user.click(within(form).getByRole('checkbox', { name: 'Ceremony' }))
      await user.click(within(form).getByRole('button', { name: 'Save to the draft' }))

      expect(await screen.findByText('The session is saved to the draft.')).toBeTruthy()
      expect(server.timetableSaves).toEqual([
        {
          revision: 0,
          sessions: [
            expect.objectContaining({
              id: 'opening',
              starts_at: '2025-05-10T01:00:00.000Z',
              ends_at: '2025-05-10T01:30:00.000Z',
              title: { ja: '開会式', en: 'Opening ceremony' },
              tags: ['ceremony'],
            }),
          ],
        },
      ])
      const draft = await screen.findByRole('region', { name: 'Draft (preview of what will be published)' })
      expect(await within(draft).findByText('開会式 / Opening ceremony')).toBeTruthy()

      // Nothing is published before the committee says yes in the dialog.
      await user.click(screen.getByRole('button', { name: 'Publish the draft' }))
      const dialog = await screen.findByRole('dialog', { name: 'Publish the timetable' })
      expect(
        within(dialog).getByText(
          'Publish the draft (1 session)? The public site shows it at once, and changes to starred sessions are sent to the browsers subscribed to them.',
        ),
      ).toBeTruthy()
      expect(server.timetable.versions).toEqual([])
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      // The versions list the publication (its notice waits behind the save's in the queue).
      const versions = screen.getByRole('region', { name: 'Published versions' })
      expect(await within(versions).findByText(/^Version 1 · .* · staff-1 · 1 session$/)).toBeTruthy()
      expect(app.errors).toEqual([])
    },
    // Typing a whole session on a busy two-core machine.
    90_000,
  )

  appTest('exports the draft as CSV and imports an edited file into the draft', async (user) => {
    const server = createFakeApiServer()
    const app = await renderSyncedAdmin(server, '/ja/admin/timetable', 'ja')
    await screen.findByText('企画がまだありません。追加するか、スプレッドシートを取り込んでください。')
    const file = new File(
      [
        `\uFEFF${header}\r\nparade,2025-05-10 10:30,2025-05-10 11:30,ホール,Hall,パレード,Parade,,,fursuit stage,,\r\n`,
      ],
      'timetable.csv',
      { type: 'text/csv' },
    )
    // A real button (a label dressed as one is no button to a screen reader) that opens the file chooser.
    const chooser = screen.getByLabelText<HTMLInputElement>('CSVを取り込む')
    const opened = vi.spyOn(chooser, 'click')
    await user.click(screen.getByRole('button', { name: 'CSVを取り込む' }))
    expect(opened).toHaveBeenCalledOnce()
    await user.upload(chooser, file)

    expect(await screen.findByText('1件の企画を下書きに取り込みました。')).toBeTruthy()
    expect(server.timetable.draft.sessions.map((session) => [session.id, session.tags])).toEqual([
      ['parade', ['fursuit', 'stage']],
    ])
    await user.click(await screen.findByRole('button', { name: 'CSVをダウンロード' }))
    await waitFor(() => expect(app.downloads).toHaveLength(1))
    expect(app.downloads[0]?.fileName).toBe('timetable-2025.csv')
    expect(app.downloads[0]?.text).toContain(
      'parade,2025-05-10 10:30,2025-05-10 11:30,ホール,Hall,パレード,Parade',
    )
  })

  appTest('refuses a file with mistakes, naming each by row and column, and saves nothing', async (user) => {
    const server = createFakeApiServer()
    await renderSyncedAdmin(server, '/en/admin/timetable', 'en')
    await screen.findByText('No session yet: add one or import the spreadsheet.')
    const file = new File(
      [`${header}\r\nparade,10:30,2025-05-10 11:30,Hall,Hall,Parade,Parade,,,karaoke,,\r\n`],
      'timetable.csv',
    )
    await user.upload(screen.getByLabelText('Import CSV'), file)

    const alert = await screen.findByText(
      'The file was not imported: it has 2 mistakes. Nothing was changed.',
    )
    const list = within(alert.parentElement as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(list).toEqual([
      'Row 2, column starts_at: Enter a date and time in Japan as YYYY-MM-DD HH:MM.',
      'Row 2, column tags: Unknown tag. Use: stage ceremony clubActivity fursuit workshop music photo dealers break.',
    ])
    expect(server.timetableSaves).toEqual([])
  })

  appTest(
    'imports from the keyboard, asks before removing or publishing, and shows a refusal in the question',
    async (user) => {
      const server = createFakeApiServer()
      server.staff = [
        {
          user: fakeStaffUser,
          email: 'kana@example.com',
          roles: ['committee'],
          enabled: true,
          status: 'CONFIRMED',
        },
      ]
      const app = await renderSyncedAdmin(server, '/en/admin/timetable', 'en')
      await screen.findByText('No session yet: add one or import the spreadsheet.')
      // The import is a button like the others: reached with Tab, pressed with Enter, it opens the file chooser.
      const fileInput = screen.getByLabelText('Import CSV')
      const chooserOpened = vi.fn()
      fileInput.addEventListener('click', chooserOpened)
      screen.getByRole('button', { name: 'Import CSV' }).focus()
      await user.keyboard('{Enter}')
      expect(chooserOpened).toHaveBeenCalledTimes(1)
      await user.upload(
        fileInput,
        new File(
          [
            `${header}\r\n`,
            'parade,2025-05-10 10:30,2025-05-10 11:30,ホール,Hall,パレード,Parade,,,fursuit,,\r\n',
            'quiz,2025-05-10 11:30,2025-05-10 12:30,ホール,Hall,クイズ大会,Quiz show,,,stage,,\r\n',
          ],
          'timetable.csv',
        ),
      )
      expect(await screen.findByText('2 sessions imported into the draft.')).toBeTruthy()
      // Who saved it is named as the committee knows them, by e-mail address.
      expect(await screen.findByText(/^Saved .* by kana@example\.com: 2 sessions\.$/)).toBeTruthy()

      // Going back removes nothing; saying yes removes the session from the draft.
      await user.click(await screen.findByRole('button', { name: 'Remove パレード' }))
      const remove = await screen.findByRole('dialog', { name: 'Remove a session' })
      expect(within(remove).getByText('Remove "パレード" from the draft?')).toBeTruthy()
      await user.click(within(remove).getByRole('button', { name: 'Go back' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(server.timetableSaves).toHaveLength(1)
      await user.click(screen.getByRole('button', { name: 'Remove パレード' }))
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Remove a session' })).getByRole('button', {
          name: 'Remove',
        }),
      )
      // The draft shown is the saved one (the notice waits behind the import's in the queue).
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove パレード' })).toBeNull())
      expect(server.timetable.draft.sessions.map((session) => session.id)).toEqual(['quiz'])

      // Another committee member saves the draft meanwhile: the refusal is read in the dialog that asked.
      server.timetable.draft = { ...server.timetable.draft, revision: server.timetable.draft.revision + 1 }
      await user.click(await screen.findByRole('button', { name: 'Publish the draft' }))
      const publish = await screen.findByRole('dialog', { name: 'Publish the timetable' })
      await user.click(within(publish).getByRole('button', { name: 'Publish' }))
      expect(
        await within(publish).findByText(
          'Someone else saved this timetable first. Load the latest draft, then make your change again.',
        ),
      ).toBeTruthy()
      expect(server.timetable.versions).toEqual([])
      expect(app.errors).toEqual([])
    },
    90_000,
  )

  appTest(
    'on a phone, shows each draft session as a card with the same facts and buttons, reached by keyboard',
    async (user) => {
      // A 390 px phone: only the query for "narrower than the mobile layout's breakpoint" matches.
      const phoneQuery = `(max-width:${breakpoints[mobileLayoutBelow] - 0.05}px)`
      window.matchMedia = (query: string) => ({
        matches: query === phoneQuery,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      })
      try {
        const server = createFakeApiServer()
        const app = await renderSyncedAdmin(server, '/en/admin/timetable', 'en')
        await screen.findByText('No session yet: add one or import the spreadsheet.')
        await user.upload(
          screen.getByLabelText('Import CSV'),
          new File(
            [
              `${header}\r\n`,
              'parade,2025-05-10 10:30,2025-05-10 11:30,ホール,Hall,パレード,Parade,,,fursuit,,\r\n',
              'quiz,2025-05-10 11:30,2025-05-10 12:30,ホール,Hall,クイズ大会,Quiz show,,,,,\r\n',
            ],
            'timetable.csv',
          ),
        )
        expect(await screen.findByText('2 sessions imported into the draft.')).toBeTruthy()

        const draft = screen.getByRole('region', { name: 'Draft (preview of what will be published)' })
        // No table to squeeze: a list of cards, one per session, in the draft's order.
        expect(within(draft).queryByRole('table')).toBeNull()
        const cards = within(within(draft).getByRole('list')).getAllByRole('listitem')
        expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
          'パレード / Parade',
          'クイズ大会 / Quiz show',
        ])
        const [parade, quiz] = cards as [HTMLElement, HTMLElement]
        // The table's columns as labelled lines; a session with no kind has no empty line.
        const facts = (card: HTMLElement) =>
          [...card.querySelectorAll('dt')].map(
            (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
          )
        expect(facts(parade)).toEqual([
          'Time: 10:30–11:30',
          'Stage: ホール / Hall',
          expect.stringMatching(/^Kinds: \S/),
        ])
        expect(facts(quiz)).toEqual(['Time: 11:30–12:30', 'Stage: ホール / Hall'])
        expect(within(quiz).getByRole('button', { name: 'Remove クイズ大会' })).toBeTruthy()

        // The keyboard reaches a card's buttons after the page's own, and Change opens the session's form.
        screen.getByRole('button', { name: 'Publish the draft' }).focus()
        await user.tab()
        expect(document.activeElement).toBe(within(parade).getByRole('button', { name: 'Change パレード' }))
        await user.tab()
        expect(document.activeElement).toBe(within(parade).getByRole('button', { name: 'Remove パレード' }))
        await user.tab()
        await user.keyboard('{Enter}')
        const form = await screen.findByRole('form', { name: 'Change "クイズ大会"' })
        expect(within(form).getByRole('textbox', { name: /ID/ })).toHaveProperty('value', 'quiz')
        expect(app.errors).toEqual([])
      } finally {
        // jsdom has none: the other tests see a tablet again.
        Reflect.deleteProperty(window, 'matchMedia')
      }
    },
    90_000,
  )

  appTest('keeps the desk out: the section is not offered and its address says so', async () => {
    const server = createFakeApiServer()
    await renderApp({
      path: '/en/admin/timetable',
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
    expect(screen.queryByRole('tab', { name: 'Timetable' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Timetable' })).toBeNull()
  })
})
