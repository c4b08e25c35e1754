import {
  type PublishedTimetable,
  publishedTimetableWireSchema,
  seedTimetable,
  sortedSessions,
  startOfDayInTokyo,
  wireShapeOf,
} from '@furfes/core'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../test/render-app.tsx'
import { publishedTimetableShape } from './published.ts'

/*
 * The timetable page on the published timetable (docs/decisions/172-timetable-as-data.md): real text by time
 * and stage, filters, now and next on the event day by the device's clock, and the image when nothing is
 * published or nothing could be read.
 */

const eventDay = '2025-05-10'
const at = (time: string) => Date.parse(`${eventDay}T${time}:00+09:00`)
const timetable: PublishedTimetable = {
  editionId: '2025',
  version: 4,
  publishedAt: Date.parse('2025-05-09T12:30:00+09:00'),
  // In the API's order: by start time.
  sessions: sortedSessions(seedTimetable(eventDay)),
}

const headingsOf = (level: number) =>
  screen.queryAllByRole('heading', { level }).map((heading) => heading.textContent)
const titlesIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent)

describe('the timetable page', () => {
  it('checks answers with the wire shape the contract gives', () => {
    expect(publishedTimetableShape).toEqual(wireShapeOf(publishedTimetableWireSchema))
  })

  it('lists the published sessions as text by start time, with their stage, kind and notes, and links the image', async () => {
    renderApp('/en/timetable', { timetable, now: startOfDayInTokyo('2025-05-01') })

    const parade = await screen.findByRole('listitem', { name: 'Fursuit parade' })
    expect(parade.textContent).toContain('10:30–11:30 · Main hall')
    expect(parade.textContent).toContain('Kind: Stage, Fursuit, Photos')
    expect(parade.textContent).toContain('Note: Step-free entrance')
    expect(
      within(parade)
        .getAllByText(/\d\d:\d\d/)[0]
        ?.getAttribute('datetime'),
    ).toBe('2025-05-10T01:30:00.000Z')
    expect(headingsOf(3).slice(0, 3)).toEqual(['09:30', '10:00', '10:30'])
    expect(titlesIn(screen.getByRole('region', { name: '10:30' }))).toEqual([
      'Fursuit parade',
      'Photo club shoot',
    ])
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 2025-05-09 12:30 (Japan time)')
    expect(screen.getByRole('link', { name: 'The timetable as an image' }).getAttribute('href')).toBe(
      '/images/timetable-en.svg',
    )
    expect(screen.queryByRole('table')).toBeNull()
    // Not the event day: no now and next.
    expect(screen.queryByRole('heading', { name: 'Now and next' })).toBeNull()
  })

  it('filters by stage and by kind with labelled controls, and says how many are shown', async () => {
    renderApp('/en/timetable', { timetable })

    fireEvent.change(await screen.findByLabelText('Stage'), { target: { value: '部活エリア' } })
    expect(screen.getByText(/sessions shown/).textContent).toBe('5 sessions shown.')
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'fursuit' } })
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      'Photo club shoot',
      'Fursuit walk club',
    ])
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'music' } })
    expect(screen.getByText(/No session matches/).getAttribute('role')).toBe('status')
  })

  it('shows what is on now and next on the event day, in Japanese', async () => {
    renderApp('/ja/timetable', { timetable, now: at('10:45') })

    const today = await screen.findByRole('region', { name: 'いま・このあと' })
    const [onNow, next] = within(today).getAllByRole('list')
    expect(titlesIn(onNow as HTMLElement)).toEqual(['物販エリア', '着ぐるみパレード', '写真部 撮影会'])
    expect(titlesIn(next as HTMLElement)).toEqual(['トークショー：いまのケモノアート'])
    expect(screen.getByText(/最終更新/).textContent).toBe('最終更新 2025-05-09 12:30 （日本時間）')
  })

  it('says when nothing is on and nothing follows, at the end of the day', async () => {
    renderApp('/en/timetable', { timetable, now: at('17:45') })

    const today = await screen.findByRole('region', { name: 'Now and next' })
    expect(today.textContent).toContain('Nothing is on right now.')
    expect(today.textContent).toContain('Nothing more today.')
  })

  it('shows the image and its text as before while nothing is published', async () => {
    const { recorded } = renderApp('/en/timetable')

    await screen.findByRole('img')
    expect(recorded.publicFetches.filter((path) => path === 'timetable')).toEqual(['timetable'])
    expect(screen.getByRole('table', { name: 'Main hall' }).textContent).toContain(
      '10:00–10:30Opening ceremony',
    )
    expect(recorded.reportedErrors).toEqual([])
  })

  it('keeps the image and reports the failure when the timetable cannot be read', async () => {
    const failure = new TypeError('Failed to fetch')
    const { recorded } = renderApp('/en/timetable', { timetable: failure })

    await screen.findByRole('img')
    await expect.poll(() => recorded.reportedErrors).toEqual([failure])
    expect(screen.queryByRole('heading', { name: 'Programme' })).toBeNull()
  })
})

describe('favourites', () => {
  afterEach(() => {
    window.localStorage.clear()
    vi.restoreAllMocks()
  })

  it('stars sessions on this device, shows only them as my timetable, and keeps them for the next visit', async () => {
    const first = renderApp('/en/timetable', { timetable })
    const star = await screen.findByRole('button', { name: 'Star: Fursuit parade' })
    expect(star.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(star)
    fireEvent.click(screen.getByRole('button', { name: 'Star: DJ set' }))
    expect(star.getAttribute('aria-pressed')).toBe('true')
    expect(star.textContent).toBe('★ Starred')

    fireEvent.click(screen.getByLabelText('My timetable: starred sessions only'))
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      'Fursuit parade',
      'DJ set',
    ])
    expect(JSON.parse(window.localStorage.getItem('furfes.timetable.starred') ?? '')).toEqual([
      'parade',
      'dj-set',
    ])
    first.unmount()

    renderApp('/en/timetable', { timetable })
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Star: DJ set' }).getAttribute('aria-pressed')).toBe('true'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Star: DJ set' }))
    expect(JSON.parse(window.localStorage.getItem('furfes.timetable.starred') ?? '')).toEqual(['parade'])
  })

  it('adds one session, or every starred one, to a calendar as an .ics file', async () => {
    const files: { blob: Blob; name: string }[] = []
    let pending: Blob | undefined
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        pending = blob
        return 'blob:timetable'
      },
      revokeObjectURL: () => {},
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) files.push({ blob: pending, name: this.download })
    })
    renderApp('/en/timetable', { timetable })
    const addStarred = await screen.findByRole('button', { name: /Add my 0 starred sessions/ })
    expect(addStarred).toHaveProperty('disabled', true)

    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar: Fursuit parade' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(files[0]?.name).toBe('parade.ics')
    const one = await files[0]?.blob.text()
    expect(one?.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(one).toContain('SUMMARY:Fursuit parade')
    expect(one).toMatch(/DTSTAMP:20250401T030000Z/)

    fireEvent.click(screen.getByRole('button', { name: 'Star: Fursuit parade' }))
    fireEvent.click(screen.getByRole('button', { name: 'Star: Closing ceremony' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add my 2 starred sessions to calendar (.ics file)' }))
    await waitFor(() => expect(files).toHaveLength(2))
    expect(files[1]?.name).toBe('my-timetable.ics')
    const starred = await files[1]?.blob.text()
    expect(starred?.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(starred).toContain('UID:closing@timetable.furfes')
  })

  it("links the API's public calendar feed of the whole timetable, in the page's language", async () => {
    renderApp('/en/timetable', { timetable })
    const feed = await screen.findByRole('link', { name: 'Calendar feed of the whole timetable (.ics)' })
    expect(feed.getAttribute('href')).toBe('http://api.example.com/timetable.en.ics')
    cleanup()

    renderApp('/ja/timetable', { timetable })
    const ja = await screen.findByRole('link', { name: 'タイムテーブル全体のカレンダーフィード（.ics）' })
    expect(ja.getAttribute('href')).toBe('http://api.example.com/timetable.ics')
  })
})
