import { type Announcement, publicAnnouncementsWireSchema, wireShapeOf } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../test/render-app.tsx'
import { publicAnnouncementsShape } from './published.ts'

/*
 * Announcements on the site (docs/decisions/173-announcements.md): urgent ones as a banner on every page, closed
 * per announcement and remembered on the device, and every one listed on the timetable page.
 */

const urgent: Announcement = {
  id: '0b8f5f0e-8d0c-4d89-9a7a-2f1f1b9b0001',
  title: { ja: 'パレードは15時開始', en: 'The parade starts at 3 pm' },
  body: { ja: '雨のため遅れます。\n集合は西口です。', en: 'Delayed by rain.\nMeet at the west exit.' },
  urgency: 'urgent',
  publishedAt: Date.parse('2025-05-10T12:00:00+09:00'),
  updatedAt: Date.parse('2025-05-10T12:05:00+09:00'),
}
const normal: Announcement = {
  id: '0b8f5f0e-8d0c-4d89-9a7a-2f1f1b9b0002',
  title: { ja: '駐車場はありません', en: 'There is no parking' },
  body: { ja: '公共交通機関でお越しください。', en: 'Please come by public transport.' },
  urgency: 'normal',
  publishedAt: Date.parse('2025-05-09T10:00:00+09:00'),
  updatedAt: Date.parse('2025-05-09T10:00:00+09:00'),
}

describe('announcements', () => {
  afterEach(() => localStorage.clear())

  it('checks answers with the wire shape the contract gives', () => {
    expect(publicAnnouncementsShape).toEqual(wireShapeOf(publicAnnouncementsWireSchema))
  })

  it('shows an urgent announcement as a banner on a page, and forgets it on this device once closed', async () => {
    const { unmount } = renderApp('/en/faq', { announcements: [urgent, normal] })

    const banner = await screen.findByRole('region', { name: 'Urgent announcement' })
    const status = within(banner).getByRole('status')
    expect(status.textContent).toContain('The parade starts at 3 pm')
    expect(status.textContent).toContain('Delayed by rain.\nMeet at the west exit.')
    expect(within(banner).queryByText(/There is no parking/)).toBeNull()
    expect(within(banner).getByRole('link', { name: 'All announcements' }).getAttribute('href')).toBe(
      '/en/timetable#announcements',
    )
    const close = within(banner).getByRole('button', { name: 'Close: The parade starts at 3 pm' })
    close.focus()
    fireEvent.click(close)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Urgent announcement' })).toBeNull())
    unmount()

    const again = renderApp('/ja/about', { announcements: [urgent] })
    await waitFor(() => expect(again.recorded.publicFetches).toContain('announcements'))
    expect(screen.queryByRole('region', { name: '緊急のお知らせ' })).toBeNull()
    expect(again.recorded.reportedErrors).toEqual([])
  })

  it('shows the banner on the top page too, and nothing while no announcement is urgent', async () => {
    const { unmount } = renderApp('/en', { announcements: [urgent] })
    const banner = await screen.findByRole('region', { name: 'Urgent announcement' })
    expect(within(banner).getByRole('status').textContent).toContain('The parade starts at 3 pm')
    unmount()

    const quiet = renderApp('/ja', { announcements: [normal] })
    await waitFor(() => expect(quiet.recorded.publicFetches).toContain('announcements'))
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    expect(screen.queryByRole('region', { name: '緊急のお知らせ' })).toBeNull()
    expect(quiet.recorded.reportedErrors).toEqual([])
  })

  it('lists every announcement on the timetable page, newest first, in the page language', async () => {
    renderApp('/ja/timetable', { announcements: [urgent, normal] })

    const section = await screen.findByRole('region', { name: 'お知らせ' })
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['緊急: パレードは15時開始', '駐車場はありません'])
    const first = within(section).getAllByRole('listitem')[0] as HTMLElement
    expect(first.textContent).toContain('雨のため遅れます。\n集合は西口です。')
    expect(first.textContent).toContain('2025-05-10 12:00 掲載（2025-05-10 12:05 更新）')
    // The banner shows on this page too.
    expect(await screen.findByRole('region', { name: '緊急のお知らせ' })).toBeTruthy()
  })

  it('says when there is none, and reports a list it could not read while the page stays', async () => {
    renderApp('/en/timetable', { announcements: [] })
    expect(await screen.findByText('No announcements at the moment.')).toBeTruthy()

    const failed = new TypeError('Failed to fetch')
    const offline = renderApp('/en/timetable', { announcements: failed })
    await waitFor(() => expect(offline.recorded.reportedErrors).toContain(failed))
    expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0)
  })
})
