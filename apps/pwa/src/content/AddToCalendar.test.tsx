import { firstEdition, nextEditionDraft } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventCalendarHref, eventCalendarSource } from '../../tooling/event-calendar.ts'
import { renderApp } from '../test/render-app.tsx'

describe('add to calendar', () => {
  it.each([
    ['/ja', 'ja', 'カレンダーに追加（.ics ファイル）', 'Google カレンダーに追加'],
    ['/en', 'en', 'Add to calendar (.ics file)', 'Add to Google Calendar'],
    ['/ja/about', 'ja', 'カレンダーに追加（.ics ファイル）', 'Google カレンダーに追加'],
    ['/en/about', 'en', 'Add to calendar (.ics file)', 'Add to Google Calendar'],
  ] as const)(
    '%s offers the .ics file and Google Calendar in its language',
    async (path, language, ics, google) => {
      renderApp(path)
      const list = await screen.findByRole('list', {
        name: language === 'ja' ? 'カレンダーに追加' : 'Add to calendar',
      })
      const file = within(list).getByRole('link', { name: ics })
      expect(file.getAttribute('href')).toBe(`/furfes.${language}.ics`)
      expect(file.hasAttribute('download')).toBe(true)
      const googleLink = within(list).getByRole('link', { name: new RegExp(`^${google}`) })
      const url = new URL(googleLink.getAttribute('href') ?? '')
      expect(url.hostname).toBe('calendar.google.com')
      expect(url.searchParams.get('dates')).toBe('20250510T100000/20250510T180000')
      expect(url.searchParams.get('ctz')).toBe('Asia/Tokyo')
    },
  )

  it('is written at build time, one file per language, the event in Asia/Tokyo', () => {
    expect(eventCalendarHref('en')).toBe('/furfes.en.ics')
    const ja = eventCalendarSource('ja')
    expect(ja).toContain('DTSTART;TZID=Asia/Tokyo:20250510T100000')
    expect(ja).toContain('SUMMARY:東京ふぁーりーフェス 2025')
    expect(eventCalendarSource('en')).toContain('SUMMARY:Tokyo Furry Fes 2025')
    expect(eventCalendarSource('en')).toBe(eventCalendarSource('en'))
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("adds the API's current edition when it is not the one the site was built with", async () => {
    const files: Blob[] = []
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        files.push(blob)
        return 'blob:calendar'
      },
      revokeObjectURL: () => {},
    })
    const downloads = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/en', { edition: { edition: nextEditionDraft(firstEdition), phase: 'announced' } })
    const list = await screen.findByRole('list', { name: 'Add to calendar' })
    const google = within(list).getByRole('link', { name: /^Add to Google Calendar/ })
    await waitFor(() =>
      expect(new URL(google.getAttribute('href') ?? '').searchParams.get('dates')).toBe(
        '20260510T100000/20260510T180000',
      ),
    )
    fireEvent.click(within(list).getByRole('link', { name: 'Add to calendar (.ics file)' }))
    await waitFor(() => expect(downloads).toHaveBeenCalledTimes(1))
    const ics = await files[0]?.text()
    expect(ics).toContain('DTSTART;TZID=Asia/Tokyo:20260510T100000')
    expect(ics).toContain('SUMMARY:Tokyo Furry Fes 2026')
  })
})
