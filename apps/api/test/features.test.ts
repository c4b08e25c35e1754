import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'

describe('GET /features', () => {
  it('answers the three flags in snake_case without authentication', async () => {
    const response = await createApp().request('/features')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      is_new_club_activity_establishment_available: false,
      is_registration_available: true,
      is_under_maintenance: false,
    })
  })
})
