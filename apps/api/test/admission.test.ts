import { describe, expect, it } from 'vitest'
import { createTestApi, heldGateway, registrationRequest, useTestDatabase } from './support/harness.ts'

describe('admission control under overload', () => {
  const database = useTestDatabase('pglite')

  it('answers highTraffic at once instead of queueing past the limit; health stays reachable', async () => {
    const { gateway: slowGateway, entered: inGateway, unblock } = heldGateway()
    const sut = await createTestApi(database().database, {
      overrides: {
        paymentGateway: slowGateway,
        admission: { maxConcurrent: 1, maxQueue: 0, maxWaitMs: 1000 },
      },
    })
    const token = await sut.memberToken()
    const slow = sut.request('POST', '/registration', { token, body: registrationRequest() })
    await inGateway

    const refused = await sut.request('GET', '/features')
    expect(refused).toMatchObject({ status: 503, body: { message: 'highTraffic' } })
    expect(refused.headers.get('retry-after')).toBe('1')
    expect((await sut.request('GET', '/health')).status).toBe(200)
    expect(sut.api.admission.stats()).toEqual({ active: 1, queued: 0, refused: 1 })

    unblock()
    expect((await slow).status).toBe(201)
    expect((await sut.request('GET', '/features')).status).toBe(200)
  })
})
