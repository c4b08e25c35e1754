import { randomUUID } from 'node:crypto'
import type { PublishedTimetableWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { databaseKinds, useAdmin, useTestApi } from './support/harness.ts'

/*
 * The timetable over HTTP (decision 172): the seeded first version, the public read with its ETag, the committee's
 * draft saved over its revision, publication as numbered versions, and the rules that refuse a bad timetable.
 */

type AdminTimetableBody = {
  draft: { sessions: Record<string, unknown>[]; revision: number; updated_by: string | null }
  versions: { version: number; published_by: string | null; session_count: number; published_at: string }[]
}

const session = (id: string, from: string, to: string) => ({
  id,
  starts_at: `2025-05-10T${from}:00+09:00`,
  ends_at: `2025-05-10T${to}:00+09:00`,
  stage: { ja: 'メインホール', en: 'Main hall' },
  title: { ja: `企画 ${id}`, en: `Session ${id}` },
  description: { ja: '', en: '' },
  tags: ['stage'],
  notes: { ja: '段差なし', en: 'Step-free' },
})

describe.each(databaseKinds)('timetable routes on %s', (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  const readAdmin = async () => {
    const read = await sut.request('GET', '/admin/editions/2025/timetable', { token: admin.token })
    expect(read.status).toBe(200)
    return read.body as AdminTimetableBody
  }
  const save = (sessions: unknown[], revision: number) =>
    sut.request('PUT', '/admin/editions/2025/timetable', { token: admin.token, body: { sessions, revision } })
  const publish = (revision: number) =>
    sut.request('POST', '/admin/editions/2025/timetable/publish', { token: admin.token, body: { revision } })

  it('answers the seeded programme of the spec as version 1 to anyone, by start time, with an ETag and 304', async () => {
    const read = await sut.request('GET', '/timetable')

    expect(read.status).toBe(200)
    const body = read.body as PublishedTimetableWire
    expect(body).toMatchObject({ edition_id: '2025', version: 1, published_at: '2025-03-01T01:00:00.000Z' })
    expect(body.sessions[0]).toMatchObject({
      id: 'doors-open',
      starts_at: '2025-05-10T00:30:00.000Z',
      title: { ja: '開場・受付', en: 'Doors open, reception' },
    })
    expect(body.sessions.map((item) => item.id)).toContain('parade')
    const starts = body.sessions.map((item) => Date.parse(item.starts_at))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(read.headers.get('cache-control')).toBe('public, max-age=60')
    const etag = read.headers.get('etag') ?? ''
    expect(await sut.request('GET', '/timetable', { headers: { 'If-None-Match': etag } })).toMatchObject({
      status: 304,
    })
  })

  it('keeps the public read on the last version while the committee edits the draft, then publishes version 2', async () => {
    const before = await readAdmin()
    expect(before.draft.revision).toBe(1)
    expect(before.versions).toMatchObject([{ version: 1, published_by: null, session_count: 15 }])

    const saved = await save([session('talk', '11:00', '12:00'), session('opening', '10:00', '10:30')], 1)
    expect(saved).toMatchObject({ status: 200, body: { draft: { revision: 2, updated_by: admin.id } } })
    expect((saved.body as AdminTimetableBody).draft.sessions.map((item) => item.id)).toEqual([
      'opening',
      'talk',
    ])
    expect(((await sut.request('GET', '/timetable')).body as PublishedTimetableWire).version).toBe(1)

    sut.clock.advance(60_000)
    const published = await publish(2)
    expect(published.status).toBe(200)
    expect((published.body as AdminTimetableBody).versions).toMatchObject([
      { version: 2, published_by: admin.id, session_count: 2, published_at: '2025-03-01T01:01:00.000Z' },
      { version: 1, published_by: null, session_count: 15 },
    ])
    const read = await sut.request('GET', '/timetable')
    expect(read.body).toMatchObject({
      version: 2,
      published_at: '2025-03-01T01:01:00.000Z',
      sessions: [{ id: 'opening', notes: { en: 'Step-free' } }, { id: 'talk' }],
    })
  })

  it('refuses a save over a newer revision and a publication of a draft saved since, changing nothing', async () => {
    expect((await save([session('a', '10:00', '11:00')], 1)).status).toBe(200)

    expect(await save([session('b', '10:00', '11:00')], 1)).toMatchObject({
      status: 409,
      body: { message: 'timetableChanged' },
    })
    expect(await publish(1)).toMatchObject({ status: 409, body: { message: 'timetableChanged' } })
    const after = await readAdmin()
    expect(after.draft.sessions.map((item) => item.id)).toEqual(['a'])
    expect(after.versions).toHaveLength(1)
  })

  it('refuses a timetable that breaks a rule with each issue on its session and field, saving nothing', async () => {
    const refused = await save(
      [
        session('opening', '10:00', '10:30'),
        { ...session('opening', '11:00', '10:00'), title: { ja: '', en: 'x' } },
      ],
      1,
    )

    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      message: 'timetableInvalid',
      issues: [
        { path: ['1', 'title', 'ja'], message: 'validation.required' },
        { path: ['1', 'endsAt'], message: 'validation.timeOrder' },
        { path: ['1', 'id'], message: 'validation.sessionIdRepeated' },
      ],
    })
    expect((await readAdmin()).draft.revision).toBe(1)
    const unknownTag = await save([{ ...session('x', '10:00', '11:00'), tags: ['karaoke'] }], 1)
    expect(unknownTag).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
  })

  it('lets the committee alone edit: the desk and the door are refused, and anyone else must sign in', async () => {
    const desk = await sut.adminToken(randomUUID(), ['desk'])
    for (const [method, path] of [
      ['GET', '/admin/editions/2025/timetable'],
      ['PUT', '/admin/editions/2025/timetable'],
      ['POST', '/admin/editions/2025/timetable/publish'],
    ] as const) {
      const body = method === 'GET' ? {} : { body: { sessions: [], revision: 1 } }
      expect(await sut.request(method, path, { token: desk, ...body })).toMatchObject({
        status: 403,
        body: { message: 'forbidden' },
      })
      expect((await sut.request(method, path, body)).status).toBe(401)
    }
    expect((await sut.request('GET', '/admin/editions/none/timetable', { token: admin.token })).status).toBe(
      404,
    )
  })

  it('starts a prepared next edition without a timetable, and edits it while it is a draft', async () => {
    expect((await sut.request('POST', '/admin/editions/next', { token: admin.token })).status).toBe(201)
    const read = await sut.request('GET', '/admin/editions/2026/timetable', { token: admin.token })
    expect(read.body).toMatchObject({ draft: { sessions: [], revision: 0, updated_by: null }, versions: [] })

    const saved = await sut.request('PUT', '/admin/editions/2026/timetable', {
      token: admin.token,
      body: { sessions: [session('opening', '10:00', '10:30')], revision: 0 },
    })
    expect(saved).toMatchObject({ status: 200, body: { draft: { revision: 1 } } })
    // The public read stays on the current edition's timetable.
    expect((await sut.request('GET', '/timetable')).body).toMatchObject({ edition_id: '2025', version: 1 })
  })
})

describe.each(databaseKinds)('the timetable calendar feed on %s', (kind) => {
  const sut = useTestApi(kind)

  it('answers the published timetable as iCalendar, one entry per session, in the language asked for', async () => {
    const feed = await sut.request('GET', '/timetable.en.ics')

    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = String(feed.body)
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(15)
    expect(text).toContain('UID:parade@timetable.furfes')
    expect(text).toContain('SUMMARY:Fursuit parade')
    expect(text).toContain('DTSTART:20250510T013000Z')
    // Stamped with the publication, in UTC.
    expect(text).toContain('DTSTAMP:20250301T010000Z')
    const etag = feed.headers.get('etag') ?? ''
    expect(
      (await sut.request('GET', '/timetable.en.ics', { headers: { 'If-None-Match': etag } })).status,
    ).toBe(304)
    expect(String((await sut.request('GET', '/timetable.ics')).body)).toContain('SUMMARY:着ぐるみパレード')
  })
})
