import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { registrations } from '../src/db/schema.ts'
import { databaseKinds, registrationRequest, useTestApi } from './support/harness.ts'

describe.each(databaseKinds)('agreeing to the participation rules on %s', (kind) => {
  const sut = useTestApi(kind)

  it('refuses a registration without the agreement, naming the field, and takes no spot', async () => {
    const token = await sut.memberToken()
    const { agreed_to_rules: _, ...withoutAgreement } = registrationRequest()
    for (const body of [withoutAgreement, { ...withoutAgreement, agreed_to_rules: false }]) {
      expect(await sut.request('POST', '/registration', { token, body })).toMatchObject({
        status: 400,
        body: {
          message: 'invalidRequest',
          issues: [{ path: ['agreed_to_rules'], message: 'validation.rulesAgreementRequired' }],
        },
      })
    }
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({ status: 404 })
  })

  it('records when the member agreed, with the registration', async () => {
    const token = await sut.memberToken()
    const created = await sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(created.status).toBe(201)
    const rows = await sut.database.db
      .select({ rulesAgreedAt: registrations.rulesAgreedAt })
      .from(registrations)
      .where(eq(registrations.badgeName, 'Kemo'))
    expect(rows.map((row) => row.rulesAgreedAt?.getTime())).toEqual([sut.clock()])
  })
})
