import { e2ePorts, pwaUrl } from './stack.ts'

/*
 * The payment journey's own data: members (./accounts.ts) register through the API, which opens a Checkout
 * Session on the Stripe emulator through the Stripe SDK.
 */

export const stripeUrl = `http://localhost:${e2ePorts.STRIPE_PORT}`

/** Where Checkout sends the user back: the PWA's My Page. */
export const successUrl = `${pwaUrl}/ja/mypage/dashboard?refresh=1`
export const cancelUrl = `${pwaUrl}/ja/mypage/registration`

/** The events the Stripe emulator sent for one Checkout Session, oldest first. */
export async function stripeEventsOf(sessionId: string): Promise<{ type: string; state: string }[]> {
  const events = (await (await fetch(`${stripeUrl}/_emulator/events`)).json()) as {
    data: { type: string; session: string; delivery: { state: string } }[]
  }
  return events.data
    .filter((event) => event.session === sessionId)
    .reverse()
    .map((event) => ({ type: event.type, state: event.delivery.state }))
}
