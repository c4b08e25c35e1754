import { apiRoutes, type Clock } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import type { RouteMounter } from '../http/route.ts'
import { subscribe, unsubscribe, updatePreferences } from '../push/subscriptions.ts'

/** Web Push subscriptions, without an account (decision 176), and the key browsers subscribe with. */
export function mountPushRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; publicKey: string; allowedHosts: readonly string[] },
): void {
  mount(apiRoutes.getVapidPublicKey, async () => ({ status: 200, body: { public_key: deps.publicKey } }))

  mount(apiRoutes.postPushSubscription, async ({ body }) => ({
    status: 201,
    body: await subscribe(deps, body),
  }))

  mount(apiRoutes.putPushSubscription, async ({ params, body }) => ({
    status: 200,
    body: await updatePreferences(deps, params.id, body),
  }))

  mount(apiRoutes.deletePushSubscription, async ({ params }) => {
    await unsubscribe(deps.db, params.id)
    return { status: 204, body: undefined }
  })
}
