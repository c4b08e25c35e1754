import { defaultFeatureFlags } from '@furfes/core'
import { Hono } from 'hono'

export function createApp(): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.get('/features', (c) =>
    c.json({
      is_new_club_activity_establishment_available:
        defaultFeatureFlags.isNewClubActivityEstablishmentAvailable,
      is_registration_available: defaultFeatureFlags.isRegistrationAvailable,
      is_under_maintenance: defaultFeatureFlags.isUnderMaintenance,
    }),
  )
  return app
}
