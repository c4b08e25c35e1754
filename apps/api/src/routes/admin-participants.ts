import {
  adminRegistrationCodec,
  apiRoutes,
  attentionCodec,
  attentionRequestCodec,
  type Clock,
  type Participant,
  participantListCodec,
  paymentRegistrationCodec,
  refundListCodec,
  staffMay,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { setAttention } from '../services/attention.ts'
import { auditActor } from '../services/audit.ts'
import { badgePrintsOf } from '../services/badge-prints.ts'
import { registerComplimentary } from '../services/complimentary.ts'
import type { CurrentEditionReader } from '../services/current-edition.ts'
import { editionToRead } from '../services/editions.ts'
import { goodsHandedOf } from '../services/goods.ts'
import { doorGuardians } from '../services/guardians.ts'
import { participants, toAdminRegistration } from '../services/members.ts'
import { registrationOfPayment } from '../services/payment-lookup.ts'
import { resendReceipt } from '../services/receipt-resend.ts'
import { refundsOf } from '../services/refund-list.ts'
import type { RegistrationService } from '../services/registrations.ts'

/**
 * What the door needs to let someone in and hand out their goods: no e-mail address and no club-activity account,
 * so a door tablet never holds them (decision 156).
 */
function forTheDoor({ registrationAdditionalInfo: _, user, ...participant }: Participant): Participant {
  return { ...participant, user: { userId: user.userId } }
}

/** The staff's list of every participant. */
export function mountAdminParticipantRoutes(
  { mount }: RouteMounter,
  deps: {
    db: Executor
    clock: Clock
    registrations: RegistrationService
    currentEdition: CurrentEditionReader
    gateway: Pick<PaymentGateway, 'checkoutSessionOfPayment'>
  },
): void {
  const { db, clock, registrations, currentEdition, gateway } = deps

  mount(apiRoutes.getAdminParticipants, async ({ caller, query }) => {
    const { edition } = await editionToRead({ db, clock }, query.edition)
    // Due holds go back first, so every registration the list shows as ended is ended in the counters too and
    // the holders it shows are exactly the spots taken (decision 056).
    await registrations.releaseExpired()
    const [list, printed, handed, guardians] = await Promise.all([
      participants(db, clock, edition.id),
      badgePrintsOf(db, edition.id),
      goodsHandedOf(db, edition.id),
      doorGuardians(db, edition.id),
    ])
    const withPrints = list.map((participant) => {
      const registrationId = participant.registration?.registrationId ?? ''
      const badgePrint = printed.get(registrationId)
      const goodsHanded = handed.get(registrationId)
      return {
        ...participant,
        ...(badgePrint === undefined ? {} : { badgePrint }),
        ...(goodsHanded === undefined ? {} : { goodsHanded }),
        ...guardians.get(registrationId),
      }
    })
    const shown = staffMay(caller.groups, 'viewParticipantDetails') ? withPrints : withPrints.map(forTheDoor)
    return { status: 200, body: encode(participantListCodec, shown) }
  })

  mount(apiRoutes.postAdminComplimentaryRegistration, async ({ body, caller }) => {
    const row = await registerComplimentary(
      { db, clock, currentEdition },
      {
        email: body.email,
        kind: body.kind,
        registrationTier: body.registration_tier,
        badgeName: body.badge_name,
        tShirtSize: body.t_shirt_size,
        changingRoomType: body.changing_room_type,
        accessNeeds: body.access_needs,
        language: body.language,
        actor: auditActor(caller),
      },
    )
    const registration = toAdminRegistration(row, clock())
    if (!registration) throw new Error(`The complimentary registration ${row.registrationId} cannot be shown`)
    return {
      status: 201,
      body: encode(adminRegistrationCodec, { ...registration, registrationId: row.registrationId }),
    }
  })

  mount(apiRoutes.postAdminRegistrationReceipt, async ({ params, caller }) => {
    await resendReceipt({ db, clock }, { registrationId: params.registration_id, actor: auditActor(caller) })
    return { status: 204, body: undefined }
  })

  mount(apiRoutes.getAdminPaymentRegistration, async ({ params, query }) => {
    const { edition } = await editionToRead({ db, clock }, query.edition)
    const registrationId = await registrationOfPayment(
      { db, gateway },
      { paymentId: params.payment_id, editionId: edition.id },
    )
    return { status: 200, body: encode(paymentRegistrationCodec, { registrationId }) }
  })

  mount(apiRoutes.getAdminRefunds, async ({ query }) => {
    const { edition } = await editionToRead({ db, clock }, query.edition)
    return { status: 200, body: encode(refundListCodec, await refundsOf(db, edition.id)) }
  })

  mount(apiRoutes.putAdminRegistrationAttention, async ({ body, params, caller }) => {
    const attention = await setAttention(db, clock, {
      registrationId: params.registration_id,
      attention: decode(attentionRequestCodec, body),
      actor: auditActor(caller),
    })
    return { status: 200, body: encode(attentionCodec, attention) }
  })
}
