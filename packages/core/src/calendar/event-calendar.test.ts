import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { defaultEventDetails, googleCalendarUrl } from '../domain/event.ts'
import { seedTimetable } from '../domain/timetable.ts'
import { eventCalendar, timetableCalendar } from './event-calendar.ts'

const stampedAt = Date.parse('2025-01-01T00:00:00Z')

/** The value of a content line, with RFC 5545 line folding undone. */
function property(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '')
  return unfolded.split(/\r?\n/).find((line) => line.startsWith(name))
}

describe('the event calendar file', () => {
  it('starts and ends at the event hours as wall-clock times in Asia/Tokyo, with the zone defined', () => {
    const sut = eventCalendar({ language: 'en', stampedAt })
    expect(property(sut, 'DTSTART;')).toBe('DTSTART;TZID=Asia/Tokyo:20250510T100000')
    expect(property(sut, 'DTEND;')).toBe('DTEND;TZID=Asia/Tokyo:20250510T180000')
    expect(sut).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo')
    expect(property(sut, 'SUMMARY')).toBe(`SUMMARY:${defaultEventDetails.name.en}`)
    expect(property(sut, 'LOCATION')).toBe('LOCATION:Tokyo\\, Japan')
  })

  it('names the event in the language asked for and takes a given place, date and link', () => {
    const sut = eventCalendar({
      language: 'ja',
      stampedAt,
      date: '2026-06-13',
      place: '東京都江東区の会場',
      url: 'https://furfes.example/ja/about',
    })
    expect(property(sut, 'DTSTART;')).toBe('DTSTART;TZID=Asia/Tokyo:20260613T100000')
    expect(property(sut, 'SUMMARY')).toBe(`SUMMARY:${defaultEventDetails.name.ja}`)
    expect(property(sut, 'LOCATION')).toBe('LOCATION:東京都江東区の会場')
    expect(property(sut, 'URL')).toBe('URL;VALUE=URI:https://furfes.example/ja/about')
  })

  it('is a calendar an RFC 5545 parser reads: stamp in UTC, start and end resolved through its own VTIMEZONE', () => {
    const calendar = new ICAL.Component(
      ICAL.parse(eventCalendar({ language: 'en', stampedAt, date: '2026-06-13' })),
    )
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy()
    const zone = calendar.getFirstSubcomponent('vtimezone')
    expect(zone).not.toBeNull()
    if (zone) ICAL.TimezoneService.register(zone)
    try {
      const entry = calendar.getFirstSubcomponent('vevent')
      if (!entry) throw new Error('the calendar has no VEVENT')
      const stamp = entry.getFirstPropertyValue('dtstamp')
      if (!(stamp instanceof ICAL.Time)) throw new Error('DTSTAMP is not a date-time')
      expect(stamp.zone?.tzid).toBe('UTC')
      expect(stamp.toUnixTime() * 1000).toBe(stampedAt)
      const event = new ICAL.Event(entry)
      expect(event.uid).toBe('event@furfes')
      expect(new Date(event.startDate.toUnixTime() * 1000).toISOString()).toBe('2026-06-13T01:00:00.000Z')
      expect(new Date(event.endDate.toUnixTime() * 1000).toISOString()).toBe('2026-06-13T09:00:00.000Z')
    } finally {
      ICAL.TimezoneService.remove('Asia/Tokyo')
    }
  })

  it('writes Japan time whatever the zone of the machine that makes the file', () => {
    const zone = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      expect(property(eventCalendar({ language: 'en', stampedAt }), 'DTSTART;')).toBe(
        'DTSTART;TZID=Asia/Tokyo:20250510T100000',
      )
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})

describe('the Google Calendar link', () => {
  it('fills the event in, in Japan time, in each language', () => {
    const en = new URL(googleCalendarUrl('en'))
    expect(en.origin + en.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(en.searchParams.get('action')).toBe('TEMPLATE')
    expect(en.searchParams.get('dates')).toBe('20250510T100000/20250510T180000')
    expect(en.searchParams.get('ctz')).toBe('Asia/Tokyo')
    expect(en.searchParams.get('text')).toBe('Tokyo Furry Fes 2025')
    expect(new URL(googleCalendarUrl('ja')).searchParams.get('text')).toBe('東京ふぁーりーフェス 2025')
  })
})

describe('the timetable calendar file', () => {
  const sessions = seedTimetable('2025-05-10').filter((session) => ['parade', 'dj-set'].includes(session.id))
  const sut = timetableCalendar({ language: 'en', name: 'Tokyo Furry Fes 2025', sessions, stampedAt })
  const events = sut
    .replace(/\r?\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)

  it('has one entry per session, named by its id, at its times in UTC, with a DTSTAMP in UTC', () => {
    expect(events).toHaveLength(2)
    const [parade] = events
    expect(property(parade ?? '', 'UID')).toBe('UID:parade@timetable.furfes')
    expect(property(parade ?? '', 'DTSTART')).toBe('DTSTART:20250510T013000Z')
    expect(property(parade ?? '', 'DTEND')).toBe('DTEND:20250510T023000Z')
    expect(property(parade ?? '', 'DTSTAMP')).toBe('DTSTAMP:20250101T000000Z')
    expect(property(parade ?? '', 'SUMMARY')).toBe('SUMMARY:Fursuit parade')
    expect(property(parade ?? '', 'LOCATION')).toBe('LOCATION:Main hall')
    expect(property(parade ?? '', 'DESCRIPTION')).toContain('Fursuiters walk once around the hall.')
  })

  it('writes the session in the language asked for', () => {
    const ja = timetableCalendar({ language: 'ja', name: '東京ふぁーりーフェス', sessions, stampedAt })
    expect(property(ja, 'SUMMARY')).toBe('SUMMARY:着ぐるみパレード')
  })
})
