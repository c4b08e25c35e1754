import { describe, expect, it } from 'vitest'
import {
  type LifecycleEvent,
  lifecycleEvents,
  type PaymentContext,
  paymentStatusOf,
  type RegistrationState,
  registrationChangeOf,
  registrationChanges,
  registrationStateOf,
  registrationStates,
  registrationTransition,
} from './registration-lifecycle.ts'

/** Every context a payment can arrive in. */
const contexts: readonly PaymentContext[] = [
  { spotAvailable: true, eventCancellationStarted: false },
  { spotAvailable: false, eventCancellationStarted: false },
  { spotAvailable: true, eventCancellationStarted: true },
  { spotAvailable: false, eventCancellationStarted: true },
]

type Expected = `${RegistrationState}/${'none' | 'keep' | 'refund' | 'refundInFull'}`

/**
 * The table written out by hand, one line per state, one entry per event in `lifecycleEvents` order. A
 * payment's entry lists its outcome for each of `contexts`.
 */
const expected: Record<RegistrationState, Record<LifecycleEvent, Expected | Expected[]>> = {
  pending: {
    paymentCompleted: ['paid/keep', 'paid/keep', 'canceled/refundInFull', 'canceled/refundInFull'],
    sessionExpired: 'expired/none',
    holdLapsed: 'expired/none',
    memberCancels: 'canceled/none',
    refund: 'pending/none',
    providerRefund: 'refunded/refund',
    eventCancelled: 'pending/none',
  },
  paid: {
    paymentCompleted: 'paid/keep',
    sessionExpired: 'paid/keep',
    holdLapsed: 'paid/keep',
    memberCancels: 'paid/keep',
    refund: 'refunded/refund',
    providerRefund: 'refunded/refund',
    eventCancelled: 'refunded/refund',
  },
  expired: {
    paymentCompleted: ['paid/keep', 'expired/refundInFull', 'expired/refundInFull', 'expired/refundInFull'],
    sessionExpired: 'expired/none',
    holdLapsed: 'expired/none',
    memberCancels: 'expired/none',
    refund: 'expired/none',
    providerRefund: 'expired/none',
    eventCancelled: 'expired/none',
  },
  canceled: {
    paymentCompleted: 'canceled/refundInFull',
    sessionExpired: 'canceled/none',
    holdLapsed: 'canceled/none',
    memberCancels: 'canceled/none',
    refund: 'canceled/none',
    providerRefund: 'canceled/none',
    eventCancelled: 'canceled/none',
  },
  refunded: {
    paymentCompleted: 'refunded/none',
    sessionExpired: 'refunded/none',
    holdLapsed: 'refunded/none',
    memberCancels: 'refunded/none',
    refund: 'refunded/none',
    providerRefund: 'refunded/none',
    eventCancelled: 'refunded/none',
  },
}

const pairs = registrationStates.flatMap((state) => lifecycleEvents.map((event) => [state, event] as const))

describe('the registration lifecycle table', () => {
  it('has an entry for every state and event', () => {
    expect(pairs).toHaveLength(registrationStates.length * lifecycleEvents.length)
  })

  it.each(pairs)('%s × %s', (state, event) => {
    const entry = expected[state][event]
    contexts.forEach((context, index) => {
      const want = Array.isArray(entry) ? entry[index] : entry
      const { next, money } = registrationTransition(state, event, context)
      expect(`${next}/${money}`).toBe(want)
    })
  })

  it('never makes an ended registration paid unless a payment finds a spot for an expired hold', () => {
    for (const [state, event] of pairs) {
      if (state === 'pending' || state === 'paid') continue
      for (const context of contexts) {
        const { next } = registrationTransition(state, event, context)
        const honoured = state === 'expired' && event === 'paymentCompleted' && context.spotAvailable
        expect(next === 'paid', `${state} × ${event}`).toBe(honoured && !context.eventCancellationStarted)
      }
    }
  })

  it('keeps a payment only on a paid registration, and refunds nothing that was not paid', () => {
    for (const [state, event] of pairs) {
      for (const context of contexts) {
        const { next, money } = registrationTransition(state, event, context)
        if (money === 'keep') expect(next).toBe('paid')
        // A provider refund may come before the payment's completion: the payment exists, we had not heard of it.
        if (money === 'refund')
          expect(state === 'paid' || (state === 'pending' && event === 'providerRefund')).toBe(true)
      }
    }
  })

  it('tells a change from a recorded event', () => {
    expect(registrationChanges('pending', 'holdLapsed')).toBe(true)
    expect(registrationChanges('refunded', 'paymentCompleted')).toBe(false)
    // Without a context a late payment finds no spot.
    expect(registrationTransition('expired', 'paymentCompleted')).toEqual({
      next: 'expired',
      money: 'refundInFull',
    })
  })

  it('reads what a statement performing an event matches and writes off the table', () => {
    expect(registrationChangeOf('holdLapsed')).toEqual({ from: ['pending'], to: 'expired' })
    expect(registrationChangeOf('sessionExpired')).toEqual({ from: ['pending'], to: 'expired' })
    expect(registrationChangeOf('memberCancels')).toEqual({ from: ['pending'], to: 'canceled' })
    expect(registrationChangeOf('refund')).toEqual({ from: ['paid'], to: 'refunded' })
    expect(registrationChangeOf('providerRefund')).toEqual({ from: ['pending', 'paid'], to: 'refunded' })
    expect(registrationChangeOf('eventCancelled')).toEqual({ from: ['paid'], to: 'refunded' })
  })

  it('reads a canceled registration that had been paid as refunded, and writes it as canceled', () => {
    expect(registrationStateOf({ paymentStatus: 'canceled', paidAt: new Date(0) })).toBe('refunded')
    expect(registrationStateOf({ paymentStatus: 'canceled', paidAt: null })).toBe('canceled')
    expect(registrationStateOf({ paymentStatus: 'paid', paidAt: 1 })).toBe('paid')
    expect(registrationStates.map(paymentStatusOf)).toEqual([
      'pending',
      'paid',
      'expired',
      'canceled',
      'canceled',
    ])
  })
})
