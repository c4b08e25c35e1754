import type { PaymentStatus } from './registration.ts'

/*
 * The registration lifecycle as one table (decision 141): which events apply in which state, the state they
 * lead to, and what becomes of the money. Every change of a registration's state in the API asks this table;
 * the SQL that performs a change may re-check its condition for atomicity, but decides nothing else.
 */

/**
 * What a registration is. `refunded` is canceled after payment: on the wire (and in the database's
 * `payment_status`) it is `canceled`, told apart from a checkout canceled before payment by its payment time.
 */
export const registrationStates = ['pending', 'paid', 'expired', 'canceled', 'refunded'] as const
export type RegistrationState = (typeof registrationStates)[number]

export const lifecycleEvents = [
  /** The provider reports the checkout session paid (`checkout.session.completed`, or a lazy check). */
  'paymentCompleted',
  /** The provider reports the checkout session expired unpaid. */
  'sessionExpired',
  /** The hold's time ran out here (the sweep, a lazy read, a new registration of the member). */
  'holdLapsed',
  /** The member ends their checkout (DELETE /registration). */
  'memberCancels',
  /** Staff (the reception app) or the participant (My Page, decision 165) cancel with a refund. */
  'refund',
  /** The provider reports a refund of the payment (`charge.refunded`): ours, or made in its dashboard. */
  'providerRefund',
  /** The event-cancelled run refunds the registration (decision 113). */
  'eventCancelled',
] as const
export type LifecycleEvent = (typeof lifecycleEvents)[number]

/**
 * What happens to the money an event concerns: `none` (no payment involved, or it was dealt with already),
 * `keep` (the registration is paid with it), `refund` (given back as the refund asked or the provider
 * reported), `refundInFull` (the payment cannot buy anything: given back whole, automatically).
 */
export type MoneyOutcome = 'none' | 'keep' | 'refund' | 'refundInFull'

export interface RegistrationTransition {
  /** The state after the event; the state it was in when the event is only recorded. */
  next: RegistrationState
  money: MoneyOutcome
}

/**
 * What a payment's outcome may depend on besides the state: whether the member could hold a spot again
 * (a spot of the tier is free and they hold no other paid registration), and whether an event-cancellation
 * run has started (then nothing is sold any more).
 */
export interface PaymentContext {
  spotAvailable: boolean
  eventCancellationStarted: boolean
  /** The registration's edition is over: no payment is taken for it any more (decision 158). */
  editionOver?: boolean
}

type Cell = RegistrationTransition | ((context: PaymentContext) => RegistrationTransition)

const recorded = (state: RegistrationState): RegistrationTransition => ({ next: state, money: 'none' })
const refundedInFull = (state: RegistrationState): RegistrationTransition => ({
  next: state,
  money: 'refundInFull',
})

/** An ended registration: every event is recorded and changes nothing, a payment is given back whole. */
function ended(state: 'expired' | 'canceled'): Record<LifecycleEvent, Cell> {
  return {
    paymentCompleted: refundedInFull(state),
    sessionExpired: recorded(state),
    holdLapsed: recorded(state),
    memberCancels: recorded(state),
    refund: recorded(state),
    providerRefund: recorded(state),
    eventCancelled: recorded(state),
  }
}

export const registrationTransitions: Readonly<
  Record<RegistrationState, Readonly<Record<LifecycleEvent, Cell>>>
> = {
  pending: {
    // Its spot is held: the payment keeps it, unless the event is being cancelled or its edition is over.
    paymentCompleted: ({ eventCancellationStarted, editionOver }) =>
      eventCancellationStarted
        ? refundedInFull('canceled')
        : editionOver
          ? refundedInFull('expired')
          : { next: 'paid', money: 'keep' },
    sessionExpired: recorded('expired'),
    holdLapsed: recorded('expired'),
    memberCancels: recorded('canceled'),
    // Nothing was paid yet: there is nothing to refund.
    refund: recorded('pending'),
    // The provider gave back a payment whose completion has not reached us yet: it ends refunded, so that
    // completion, when it comes, finds it ended and changes nothing.
    providerRefund: { next: 'refunded', money: 'refund' },
    eventCancelled: recorded('pending'),
  },
  paid: {
    // The same payment reported again.
    paymentCompleted: { next: 'paid', money: 'keep' },
    // A late expiry never un-pays (decision 032); a paid registration is not canceled by its member here.
    sessionExpired: { next: 'paid', money: 'keep' },
    holdLapsed: { next: 'paid', money: 'keep' },
    memberCancels: { next: 'paid', money: 'keep' },
    refund: { next: 'refunded', money: 'refund' },
    providerRefund: { next: 'refunded', money: 'refund' },
    eventCancelled: { next: 'refunded', money: 'refund' },
  },
  // A payment after the hold went back (decision 032): honoured when the member can hold a spot again.
  expired: {
    ...ended('expired'),
    paymentCompleted: ({ spotAvailable, eventCancellationStarted, editionOver }) =>
      spotAvailable && !eventCancellationStarted && !editionOver
        ? { next: 'paid', money: 'keep' }
        : refundedInFull('expired'),
  },
  // The member said they did not want it: a payment that still got through goes back.
  canceled: ended('canceled'),
  // The payment was dealt with by the refund; reporting it again changes nothing.
  refunded: {
    paymentCompleted: recorded('refunded'),
    sessionExpired: recorded('refunded'),
    holdLapsed: recorded('refunded'),
    memberCancels: recorded('refunded'),
    refund: recorded('refunded'),
    providerRefund: recorded('refunded'),
    eventCancelled: recorded('refunded'),
  },
}

/** What `event` does to a registration in `state`. */
export function registrationTransition(
  state: RegistrationState,
  event: LifecycleEvent,
  context: PaymentContext = { spotAvailable: false, eventCancellationStarted: false },
): RegistrationTransition {
  const cell = registrationTransitions[state][event]
  return typeof cell === 'function' ? cell(context) : cell
}

/** Whether `event` changes a registration in `state` (for the context given). */
export function registrationChanges(
  state: RegistrationState,
  event: LifecycleEvent,
  context?: PaymentContext,
): boolean {
  return registrationTransition(state, event, context).next !== state
}

/** The states an event changes, and the one state it leads each of them to. */
export interface RegistrationChange {
  from: readonly RegistrationState[]
  to: RegistrationState
}

/**
 * What `event` changes, read off the table: the API's statement performing the event matches exactly the
 * `from` states (its conditional `WHERE`, for atomicity) and writes `to`. Only an event that does not depend
 * on a payment's context, and that leads every state it changes to one state, is performed this way.
 */
export function registrationChangeOf(event: Exclude<LifecycleEvent, 'paymentCompleted'>): RegistrationChange {
  const from = registrationStates.filter((state) => registrationChanges(state, event))
  const targets = new Set(from.map((state) => registrationTransition(state, event).next))
  const [to] = targets
  if (to === undefined || targets.size > 1) {
    throw new Error(`The lifecycle event ${event} does not lead to one state`)
  }
  return { from, to }
}

/** The state of a stored registration: its wire status, with a canceled one told apart by whether it was paid. */
export function registrationStateOf(row: {
  paymentStatus: PaymentStatus | string
  paidAt: Date | number | null
}): RegistrationState {
  const status = row.paymentStatus as PaymentStatus
  if (status === 'canceled' && row.paidAt !== null) return 'refunded'
  return status
}

/** The wire `payment_status` of a state: the spec's four values. */
export function paymentStatusOf(state: RegistrationState): PaymentStatus {
  return state === 'refunded' ? 'canceled' : state
}
