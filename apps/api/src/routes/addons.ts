import {
  addonCheckoutCodec,
  addonListCodec,
  addonPurchaseCodec,
  apiRoutes,
  registrationCheckoutCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { callerEmail, requireOwnOrigin } from '../http/gates.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { toAddonPurchase } from '../services/addons.ts'
import { auditActor } from '../services/audit.ts'
import type { RegistrationService } from '../services/registrations.ts'

/**
 * Add-ons (decision 178): the member's list and buying one through Checkout; staff refunding one alone. Payments
 * arrive through the payment webhook.
 */
export function mountAddonRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; registrations: RegistrationService; pwaOrigin: string },
): void {
  const { db, pwaOrigin } = deps
  const { addons } = deps.registrations

  mount(apiRoutes.getRegistrationAddons, async ({ caller }) => ({
    status: 200,
    body: encode(addonListCodec, await addons.list(caller.sub)),
  }))

  mount(apiRoutes.postRegistrationAddon, async ({ body, params, caller }) => {
    const request = decode(addonCheckoutCodec, body)
    requireOwnOrigin(pwaOrigin, [request.successUrl, request.cancelUrl])
    const email = await callerEmail(db, caller)
    const { paymentUrl } = await addons.buy({ userId: caller.sub, email, code: params.code, ...request })
    return { status: 201, body: encode(registrationCheckoutCodec, { paymentUrl }) }
  })

  mount(apiRoutes.postAdminRegistrationAddonRefund, async ({ params, caller }) => {
    const purchase = await addons.refundAlone({
      registrationId: params.registration_id,
      code: params.code,
      actor: auditActor(caller),
    })
    return { status: 200, body: encode(addonPurchaseCodec, toAddonPurchase(purchase)) }
  })
}
