import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
})
