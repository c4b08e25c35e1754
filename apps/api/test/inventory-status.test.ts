import { describe, expect, it } from 'vitest'
import { createTestApi, databaseKinds, registrationRequest, useTestDatabase } from './support/harness.ts'

describe.each(databaseKinds)('tier availability on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('says available, then few left with a tenth of the spots remaining, then sold out (decision 124)', async () => {
    const sut = await createTestApi(database().database, { capacities: { member: 10 } })
    const memberStatus = async () => {
      const response = await sut.request('GET', '/inventory', { token: await sut.memberToken() })
      const items = (response.body as { items: { registration_tier: string; status: string }[] }).items
      return items.find((item) => item.registration_tier === 'member')?.status
    }
    const register = async () => {
      const token = await sut.memberToken()
      const created = await sut.request('POST', '/registration', { token, body: registrationRequest() })
      expect(created.status).toBe(201)
    }
    for (let taken = 0; taken < 8; taken++) await register()
    expect(await memberStatus()).toBe('available')
    await register()
    expect(await memberStatus()).toBe('few_left')
    await register()
    expect(await memberStatus()).toBe('sold_out')
  })
})
