import type { Page } from '@playwright/test'
import { demoStaff } from '../../support/accounts.ts'
import { blockingViolations } from '../../support/axe.ts'
import { servedEdition } from '../../support/edition.ts'
import { expect } from '../../support/fixtures.ts'
import { openUnderServiceWorker, offlineTest as test } from '../../support/offline.ts'
import { signInAdmin, withDevices } from '../../support/reception.ts'
import { keepTimetable, listAfterHeading } from '../../support/timetable.ts'

/*
 * The event day's timetable from the committee to the participant (docs/decisions/172-timetable-as-data.md and
 * 176-push-notifications-and-change-alerts.md): a committee member imports the spreadsheet they keep into the
 * reception's editor, reads the draft as the preview and publishes it; the participant's timetable page, on a
 * clock set to the event day in Tokyo, shows what is on now and next from it, and still does with the network
 * off. The committee then moves the session the participant starred in the editor's form, and the page shows the
 * change. Exclusive: the published timetable is the edition's, read by the parallel timetable, push and offline
 * tests; the one found is published again at the end.
 */

const csvHeader =
  'id,starts_at,ends_at,stage_ja,stage_en,title_ja,title_en,description_ja,description_en,tags,notes_ja,notes_en'

/** The titles of the sessions listed under one of the page's "now and next" headings, in order. */
const sessionsUnder = (page: Page, heading: string) =>
  listAfterHeading(page, heading).getByRole('heading', { level: 4 })

/**
 * Publishes the draft the editor shows, answering the app's confirmation (checked with axe while it asks, when
 * told), and waits for the new version.
 */
async function publishDraft(reception: Page, version: number, { checkDialog = false } = {}) {
  await reception.getByRole('button', { name: 'Publish the draft' }).click()
  const dialog = reception.getByRole('dialog', { name: 'Publish the timetable' })
  await expect(dialog).toContainText('Publish the draft (3 sessions)?')
  if (checkDialog) expect(await blockingViolations(reception), 'the publish question').toEqual([])
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(reception.getByRole('dialog')).toHaveCount(0)
  const versions = reception.getByRole('region', { name: 'Published versions' })
  await expect(versions.getByRole('listitem').first()).toContainText(`Version ${version} · `)
}

test('the committee publishes the timetable in the reception; the site shows now and next, offline too, and a starred session moved', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000)
  const { edition } = await servedEdition()
  const day = edition.eventDate
  const restoreTimetable = await keepTimetable()
  try {
    await withDevices(browser, ['committee'], async ([committee]) => {
      const reception = committee.page
      const account = demoStaff('committee')
      await signInAdmin(reception, account)
      await reception.getByRole('tab', { name: 'Timetable' }).click()
      await expect(reception.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible()
      const versions = reception.getByRole('region', { name: 'Published versions' })
      // The versions published before this test (the seeded one at least), counted once the list shows.
      await expect(versions.getByRole('listitem').first()).toContainText('Version ')
      const published = await versions.getByRole('listitem').count()

      // The committee's spreadsheet, chosen from the keyboard through the file chooser.
      const csv = [
        csvHeader,
        `morning-stretch,${day} 10:30,${day} 11:30,メインホール,Main hall,朝のストレッチ,Morning stretch,,,stage,,`,
        `sketch-meetup,${day} 10:00,${day} 12:00,部室,Club room,スケッチ会,Sketch meetup,,,clubActivity workshop,,`,
        `quiz-show,${day} 11:30,${day} 12:30,メインホール,Main hall,クイズ大会,Quiz show,,,stage,,`,
      ].join('\r\n')
      const chooser = reception.waitForEvent('filechooser')
      await reception.getByRole('button', { name: 'Import CSV' }).focus()
      await reception.keyboard.press('Enter')
      await (await chooser).setFiles({
        name: 'timetable.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${csv}\r\n`),
      })
      await expect(reception.getByText('3 sessions imported into the draft.')).toBeVisible()
      // The draft is the preview of what publishing shows, by start time.
      const draft = reception.getByRole('region', { name: 'Draft (preview of what will be published)' })
      await expect(draft.getByRole('row')).toHaveText([
        /^Time/,
        /^10:00–12:00部室 \/ Club roomスケッチ会 \/ Sketch meetup/,
        /^10:30–11:30メインホール \/ Main hall朝のストレッチ \/ Morning stretch/,
        /^11:30–12:30メインホール \/ Main hallクイズ大会 \/ Quiz show/,
      ])
      expect(await blockingViolations(reception), 'the editor with its draft').toEqual([])
      await publishDraft(reception, published + 1, { checkDialog: true })
      // Who published is named by the e-mail address the committee knows them by.
      await expect(versions.getByRole('listitem').first()).toContainText(` · ${account.email} · 3 sessions`)

      // 11:00 in Tokyo on the event day: the stretch and the sketch meetup are on, the quiz show is next.
      await page.clock.setFixedTime(new Date(`${day}T11:00:00+09:00`))
      await openUnderServiceWorker(page, '/en/timetable')
      await expect(sessionsUnder(page, 'On now')).toHaveText(['Sketch meetup', 'Morning stretch'])
      await expect(sessionsUnder(page, 'Up next')).toHaveText(['Quiz show'])
      await expect(page.getByRole('listitem', { name: 'Fursuit parade' })).toHaveCount(0)
      // Starred where it is listed next (the programme lists it again, starred with it).
      await page.getByRole('button', { name: 'Star: Quiz show' }).first().click()
      await expect(page.getByRole('button', { name: 'Star: Quiz show' })).toHaveText([
        '★ Starred',
        '★ Starred',
      ])

      // With the network off, the page (in Japanese too) comes from what the service worker kept.
      await context.setOffline(true)
      await page.goto('/ja/timetable')
      await expect(sessionsUnder(page, '開催中')).toHaveText(['スケッチ会', '朝のストレッチ'])
      await expect(sessionsUnder(page, '次の企画')).toHaveText(['クイズ大会'])
      await expect(page.getByText(/^最終更新 /)).toBeVisible()
      await context.setOffline(false)

      // The committee moves the starred quiz show an hour later in the editor's form and publishes.
      await reception.getByRole('button', { name: 'Change クイズ大会' }).click()
      const form = reception.getByRole('form', { name: 'Change "クイズ大会"' })
      await expect(form.getByRole('textbox', { name: /^ID/ })).toBeFocused()
      expect(await blockingViolations(reception), 'the session form').toEqual([])
      await form.getByRole('textbox', { name: /^Starts/ }).fill(`${day} 12:30`)
      await form.getByRole('textbox', { name: /^Ends/ }).fill(`${day} 13:30`)
      await form.getByRole('button', { name: 'Save to the draft' }).click()
      await expect(draft.getByRole('row').last()).toContainText('12:30–13:30')
      await publishDraft(reception, published + 2)

      await page.goto('/en/timetable')
      const alert = page.getByRole('region', { name: 'Changes to your starred sessions' })
      await expect(alert).toContainText('Quiz show: the time is now 12:30–13:30 (was 11:30–12:30).')
      await alert.getByRole('button', { name: 'Got it' }).click()
      await expect(alert).toHaveCount(0)
      await expect(sessionsUnder(page, 'Up next')).toHaveText(['Quiz show'])
      await expect(page.getByRole('listitem', { name: 'Quiz show' }).first()).toContainText('12:30–13:30')
    })
  } finally {
    await restoreTimetable()
  }
})
