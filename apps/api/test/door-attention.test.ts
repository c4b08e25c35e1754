import { randomUUID } from 'node:crypto'
import type { ParticipantListWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { databaseKinds, registeredMember, type TestApi, useTestApi } from './support/harness.ts'

/*
 * Staff's note for the door and the attention flag (docs/decisions/175-door-attention.md): the desk and the
 * committee set them, the door only reads them with the participant list, which every reception device keeps
 * offline; each change is one audit entry with before and after; bad input is refused and changes nothing.
 */

async function setAttention(
  sut: TestApi,
  groups: string[],
  registrationId: string,
  body: unknown,
  sub?: string,
) {
  const token = await sut.adminToken(sub ?? randomUUID(), groups)
  return sut.request('PUT', `/admin/registrations/${registrationId}/attention`, { token, body })
}

async function listAs(sut: TestApi, groups: string[]): Promise<ParticipantListWire['items']> {
  const token = await sut.adminToken(randomUUID(), groups)
  const response = await sut.request('GET', '/admin/participants', { token })
  expect(response.status).toBe(200)
  return (response.body as ParticipantListWire).items
}

async function attentionEntries(sut: TestApi) {
  const token = await sut.adminToken(randomUUID(), ['committee'])
  const page = await sut.request('GET', '/admin/audit?action=attentionChanged', { token })
  expect(page.status).toBe(200)
  return (page.body as { items: Record<string, unknown>[] }).items
}

describe.each(databaseKinds)('door attention on %s', (kind) => {
  const sut = useTestApi(kind)

  it('lets the desk flag a registration with a note that the door reads in the list, audited', async () => {
    const { registrationId, userId } = await registeredMember(sut)
    const desk = randomUUID()
    const note = '  車椅子でのご来場。受付リーダーへ 🦊  '
    const saved = await setAttention(sut, ['desk'], registrationId, { flagged: true, note }, desk)
    expect(saved).toMatchObject({ status: 200, body: { flagged: true, note: note.trim() } })

    const [door] = await listAs(sut, ['door'])
    expect(door?.user).toEqual({ user_id: userId })
    expect(door?.attention).toEqual({ flagged: true, note: note.trim() })

    expect(await attentionEntries(sut)).toEqual([
      expect.objectContaining({
        actor_id: desk,
        subject: registrationId,
        details: { before: { flagged: false, note: '' }, after: { flagged: true, note: note.trim() } },
      }),
    ])
  })

  it('records each change with before and after, and clearing both leaves the list without them', async () => {
    const { registrationId } = await registeredMember(sut)
    const committee = randomUUID()
    await setAttention(
      sut,
      ['committee'],
      registrationId,
      { flagged: true, note: 'See the desk lead' },
      committee,
    )
    const unflagged = await setAttention(sut, ['committee'], registrationId, {
      flagged: false,
      note: 'Asked for a quiet room',
    })
    expect(unflagged).toMatchObject({ status: 200, body: { flagged: false, note: 'Asked for a quiet room' } })
    const [kept] = await listAs(sut, ['desk'])
    expect(kept?.attention).toEqual({ flagged: false, note: 'Asked for a quiet room' })

    // Saving the same again changes nothing, so it records nothing.
    await setAttention(sut, ['desk'], registrationId, { flagged: false, note: 'Asked for a quiet room' })
    expect((await setAttention(sut, ['desk'], registrationId, { flagged: false, note: '' })).status).toBe(200)
    const [cleared] = await listAs(sut, ['desk'])
    expect(cleared?.attention).toBeUndefined()

    const details = (await attentionEntries(sut)).map((entry) => entry.details)
    expect(details).toEqual([
      { before: { flagged: false, note: 'Asked for a quiet room' }, after: { flagged: false, note: '' } },
      {
        before: { flagged: true, note: 'See the desk lead' },
        after: { flagged: false, note: 'Asked for a quiet room' },
      },
      { before: { flagged: false, note: '' }, after: { flagged: true, note: 'See the desk lead' } },
    ])
  })

  it('refuses the door, bad notes and unknown registrations, and changes nothing', async () => {
    const { registrationId } = await registeredMember(sut)
    expect(await setAttention(sut, ['door'], registrationId, { flagged: true, note: 'x' })).toMatchObject({
      status: 403,
      body: { message: 'forbidden' },
    })
    const tooLong = await setAttention(sut, ['desk'], registrationId, {
      flagged: true,
      note: '🦊'.repeat(201),
    })
    expect(tooLong.status).toBe(400)
    expect(JSON.stringify(tooLong.body)).toContain('validation.attentionNoteTooLong')
    // 200 characters as a person sees them is allowed, whatever their code units.
    const longest = await setAttention(sut, ['desk'], registrationId, {
      flagged: false,
      note: '👨‍👩‍👧'.repeat(200),
    })
    expect(longest.status).toBe(200)
    const withoutNote = await setAttention(sut, ['desk'], registrationId, { flagged: true, note: '   ' })
    expect(withoutNote.status).toBe(400)
    expect(JSON.stringify(withoutNote.body)).toContain('validation.attentionNoteRequired')
    const control = await setAttention(sut, ['desk'], registrationId, { flagged: true, note: 'a\u202Eb' })
    expect(control.status).toBe(400)
    expect(JSON.stringify(control.body)).toContain('validation.attentionNoteInvalidCharacter')
    expect(await setAttention(sut, ['desk'], randomUUID(), { flagged: true, note: 'Nobody' })).toMatchObject({
      status: 404,
      body: { message: 'notFound' },
    })

    const [participant] = await listAs(sut, ['desk'])
    expect(participant?.attention).toEqual({ flagged: false, note: '👨‍👩‍👧'.repeat(200) })
    expect(await attentionEntries(sut)).toHaveLength(1)
  })
})
