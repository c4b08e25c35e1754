import type { EditionWire, StoredEditionWire } from '@furfes/core'
import { expect } from 'vitest'
import type { TestApi } from './harness.ts'

/**
 * The next edition's registration window when the committee opens it on the tests' first day (1 March 2025), so
 * the tests register in it at once: the prepared draft opens it only the day after the current event.
 */
export const nextRegistrationOpenToday: EditionWire['registration'] = {
  opens_on: '2025-03-01',
  closes_on: '2026-05-09',
}

/**
 * The committee prepares the next edition (decision 155), changes what `changes` names (the event day, the
 * registration window, the member tier) and makes it current, over HTTP as the reception does.
 */
export async function publishNextEdition(
  sut: TestApi,
  changes: {
    eventDate?: string
    registration?: EditionWire['registration']
    member: EditionWire['tiers']['member']
  },
): Promise<EditionWire> {
  const token = await sut.adminToken()
  const prepared = (await sut.request('POST', '/admin/editions/next', { token })).body as StoredEditionWire
  const next: EditionWire = {
    ...prepared.edition,
    ...(changes.eventDate === undefined ? {} : { event_date: changes.eventDate }),
    ...(changes.registration === undefined ? {} : { registration: changes.registration }),
    tiers: { ...prepared.edition.tiers, member: changes.member },
  }
  const saved = await sut.request('PUT', `/admin/editions/${next.id}`, {
    token,
    body: { edition: next, version: 1 },
  })
  expect(saved.status).toBe(200)
  const published = await sut.request('POST', `/admin/editions/${next.id}/publish`, {
    token,
    body: { version: 2 },
  })
  expect(published).toMatchObject({ status: 200, body: { current: true } })
  return next
}

/** The committee changes the current edition (decision 155) over HTTP, as the reception's form saves it. */
export async function saveCurrentEdition(
  sut: TestApi,
  change: (edition: EditionWire) => EditionWire,
): Promise<EditionWire> {
  const token = await sut.adminToken()
  const { id } = (await sut.request('GET', '/edition')).body as { id: string }
  const stored = (await sut.request('GET', `/admin/editions/${id}`, { token })).body as StoredEditionWire
  const edition = change(stored.edition)
  const saved = await sut.request('PUT', `/admin/editions/${id}`, {
    token,
    body: { edition, version: stored.version },
  })
  expect(saved.status).toBe(200)
  return edition
}
