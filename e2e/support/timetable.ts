import { expect, type Page } from '@playwright/test'
import { accessToken, callApi, demoStaff } from './accounts.ts'
import { servedEdition } from './edition.ts'

/*
 * The published timetable is the edition's, seen by every test on the stack (docs/decisions/172-timetable-as-data.md):
 * a test that publishes another one puts the one it found back when it ends.
 */

interface AdminTimetableWire {
  draft: { revision: number; sessions: unknown[] }
}

/** The committee's timetable routes of the current edition, with a committee member's token. */
async function committeeTimetable() {
  const { edition } = await servedEdition()
  const committee = demoStaff('committee')
  const token = await accessToken('admins', committee.email, committee.password)
  const path = `/admin/editions/${edition.id}/timetable`
  return {
    read: async () => {
      const answer = await callApi<AdminTimetableWire>('GET', path, token)
      expect(answer.status).toBe(200)
      return answer.body
    },
    call: <T>(method: 'PUT' | 'POST', suffix: string, body: unknown) =>
      callApi<T>(method, `${path}${suffix}`, token, body),
  }
}

/**
 * Reads the current draft, which is what the site shows when nothing has been published since it was saved, and
 * returns a step that saves it over whatever the draft has become and publishes it as the next version.
 */
export async function keepTimetable(): Promise<() => Promise<void>> {
  const kept = (await (await committeeTimetable()).read()).draft.sessions
  return async () => {
    const api = await committeeTimetable()
    const { draft } = await api.read()
    const saved = await api.call('PUT', '', { sessions: kept, revision: draft.revision })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await api.call('POST', '/publish', { revision: draft.revision + 1 })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
  }
}

/** The list that follows a heading of the timetable page's "now and next" (On now, Up next). */
export const listAfterHeading = (page: Page, heading: string) =>
  page.getByRole('heading', { level: 3, name: heading }).locator('xpath=following-sibling::*[1]')
