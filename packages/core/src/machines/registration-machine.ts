import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, enqueueActions, setup } from 'xstate'
import { type Clock, systemClock } from '../clock.ts'
import type { InventoryItem, Registration, RegistrationCheckout } from '../contract/registration.ts'
import { isPaymentUrlExpired, isRegistrationStale } from '../domain/registration.ts'
import { AppError, ProductError } from '../errors/app-errors.ts'
import { type ProductErrorKey, productMessage } from '../errors/catalogue.ts'
import type { Store } from '../store.ts'
import type { RegistrationRequest } from '../validation/forms.ts'
import { placeholderActor } from './placeholders.ts'

/** The registration info the client holds: `loaded` false means not fetched yet; no registration means 404. */
export interface RegistrationCache {
  loaded: boolean
  registration: Registration | undefined
}

/**
 * The caching rule (docs/requirements.md MY-10): registration info is fetched once, and fetched again only when forced or
 * when it has gone stale (core's `isRegistrationStale`, which My Page's cache follows too).
 */
export function shouldRefetchRegistration(
  cache: RegistrationCache,
  options: { force?: boolean },
  clock: Clock,
) {
  if (options.force === true || !cache.loaded) return true
  return isRegistrationStale(cache.registration, clock)
}

/**
 * Where the participant's registration is kept for every page that shows it (My Page's cache in the PWA):
 * `value` is undefined until fetched and null when there is none (404). The machine holds no copy of its own:
 * it reads the store and writes into it what the API answers, so no page can show another version.
 */
export interface RegistrationStore extends Store<{ value: Registration | null | undefined }> {
  set(value: Registration | null): void
}

/** The store's registration as the caching rule reads it. */
function keptRegistration(store: RegistrationStore): RegistrationCache {
  const { value } = store.getSnapshot()
  return { loaded: value !== undefined, registration: value ?? undefined }
}

export interface RegistrationInput {
  /** The registration flag (feature flags, force-fetched on entering My Page). */
  isRegistrationAvailable: boolean
  /** The registration kept so far (the dashboard may have fetched it); reused unless the caching rule says otherwise. */
  store: RegistrationStore
  /** Fetch it on entering whatever the caching rule says (back from the payment page, or after a failed fetch). */
  refetch?: boolean
  clock?: Clock
}

export interface RegistrationContext {
  store: RegistrationStore
  /** Fetch on entering whatever the caching rule says (the input's `refetch`). */
  refetch: boolean
  isRegistrationAvailable: boolean
  /** The client's `isPaymentUrlExpired`: true once the clock passes a pending registration's expiry. */
  isPaymentUrlExpired: boolean
  clock: Clock
  error: unknown
  /** The tiers' spots (GET /inventory); `undefined` until fetched, and again after a failed fetch. */
  inventory: InventoryItem[] | undefined
  /** Why the last inventory fetch failed; cleared by the next answer. */
  inventoryError: unknown
}

/** The id of the inventory actor, a child of the machine for as long as it runs. */
const inventoryActorId = 'inventory'

export type RegistrationEvent =
  | { type: 'registration.load'; force?: boolean }
  | { type: 'registration.submit'; request: RegistrationRequest }
  /** Go to the payment page of the pending registration. */
  | { type: 'checkout.open' }
  /** Cancel the pending checkout session (DELETE /registration). */
  | { type: 'checkout.cancel' }
  /** Ask for the tiers' spots again (the retry after a failed fetch). */
  | { type: 'inventory.load' }
  | DoneActorEvent<InventoryItem[], typeof inventoryActorId>
  | ErrorActorEvent<unknown, typeof inventoryActorId>

/**
 * What the registration page shows, one tag a view: `loading` (a spinner), `failed` (the load error and a
 * retry), `closed` (registration is off), `checkout` (the pending checkout), `paid`, and `form` (the tier
 * cards and the form, for registering the first time or again). `timedOut` marks the form after the user's
 * own checkout ran out; `busy` marks every state waiting on a call.
 */
export type RegistrationTag =
  | 'busy'
  | 'loading'
  | 'failed'
  | 'closed'
  | 'checkout'
  | 'paid'
  | 'form'
  | 'timedOut'

function isProductError(error: unknown, key: ProductErrorKey): boolean {
  return error instanceof ProductError && error.productKey === key
}

/** The registration the store holds; undefined when none is kept or there is none. */
function registrationOf(context: Pick<RegistrationContext, 'store'>): Registration | undefined {
  return context.store.getSnapshot().value ?? undefined
}

/** Keeps what the API answered in the store, then notes whether its payment URL has already expired. */
const keep = [
  {
    type: 'keepRegistration',
    params: ({ event }: { event: { output: Registration | undefined } }) => ({ registration: event.output }),
  },
  'notePaymentUrlExpiry',
] as const

/** Enabled in every state that is not waiting on a call: a fetch that the caching rule asks for. */
const reloadWhenStale = {
  'registration.load': { guard: 'shouldRefetch', target: '#registration.loading' },
} as const

/** Registering, again or for the first time, needs the registration flag on. */
const registerIfAvailable = [
  { guard: 'isRegistrationAvailable', target: '#registration.registering' },
  { target: '#registration.registrationClosed' },
] as const

/**
 * A participant's registration and its payment (decisions 046 and 052):
 *
 * not registered → registering (POST /registration, then the user is sent to the payment page) → pending.
 * Pending holds the payment URL and its expiry, and ends as paid, expired or canceled. From pending the user
 * can go to checkout, cancel the checkout session (DELETE /registration, whose answer replaces the
 * registration info), or, once the URL has expired, register again ("Purchase session timed out, register
 * again"). Registering is refused when the registration flag is off or the tier is sold out; a second
 * session is refused with "Purchase session already exists", and the existing one is shown instead.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    tags: {} as RegistrationTag,
  },
  actors: {
    /** GET /inventory: every tier's spots (available, few left, sold out). */
    fetchInventory: placeholderActor<InventoryItem[]>('fetchInventory'),
    /** GET /registration; resolves undefined on 404 (not registered). */
    fetchRegistration: placeholderActor<Registration | undefined>('fetchRegistration'),
    /** POST /registration; resolves with the payment URL. */
    createRegistration: placeholderActor<RegistrationCheckout, RegistrationRequest>('createRegistration'),
    /** DELETE /registration: cancels the checkout session and resolves with the registration. */
    terminateRegistrationSession: placeholderActor<Registration>('terminateRegistrationSession'),
  },
  actions: {
    /**
     * Asks for the tiers' spots, dropping an answer still on its way. Spots come back when others cancel or let
     * their checkout expire, so the page asks on opening, after a sold-out refusal and when the user's own
     * checkout times out (its spot went back).
     */
    loadInventory: enqueueActions(({ enqueue }) => {
      enqueue.stopChild(inventoryActorId)
      enqueue.spawnChild('fetchInventory', { id: inventoryActorId })
    }),
    /** Writes the API's answer into the store every page reads. */
    keepRegistration: ({ context }, params: { registration: Registration | undefined }) =>
      context.store.set(params.registration ?? null),
    notePaymentUrlExpiry: assign({
      isPaymentUrlExpired: ({ context }) => {
        const registration = registrationOf(context)
        return registration !== undefined && isPaymentUrlExpired(registration, context.clock)
      },
    }),
    /** Sends the browser to the payment page. */
    openCheckout: (_, params: { paymentUrl: string }) => {
      throw new Error(`Action "openCheckout" is not provided (payment URL ${params.paymentUrl})`)
    },
  },
  guards: {
    shouldRefetch: ({ context, event }) =>
      event.type === 'registration.load' &&
      shouldRefetchRegistration(keptRegistration(context.store), event, context.clock),
    isCacheFresh: ({ context }) =>
      !context.refetch && !shouldRefetchRegistration(keptRegistration(context.store), {}, context.clock),
    isRegistrationClosed: ({ context }) =>
      registrationOf(context) === undefined && !context.isRegistrationAvailable,
    isNotRegistered: ({ context }) => registrationOf(context) === undefined,
    isPending: ({ context }) => registrationOf(context)?.paymentStatus === 'pending',
    isPaid: ({ context }) => registrationOf(context)?.paymentStatus === 'paid',
    isExpired: ({ context }) => registrationOf(context)?.paymentStatus === 'expired',
    isRegistrationAvailable: ({ context }) => context.isRegistrationAvailable,
    isPaymentUrlExpired: ({ context }) => {
      const registration = registrationOf(context)
      return registration !== undefined && isPaymentUrlExpired(registration, context.clock)
    },
    isProductError: (_, params: { error: unknown; key: ProductErrorKey }) =>
      isProductError(params.error, params.key),
  },
  delays: {
    /** Until just after the expiry: the URL counts as expired once the time passes it. */
    paymentUrlExpiry: ({ context }) => {
      const registration = registrationOf(context)
      return registration?.paymentStatus === 'pending'
        ? Math.max(0, registration.expiresAt - context.clock() + 1)
        : 0
    },
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => {
    const clock = input.clock ?? systemClock
    const registration = registrationOf(input)
    return {
      store: input.store,
      refetch: input.refetch ?? false,
      isRegistrationAvailable: input.isRegistrationAvailable,
      isPaymentUrlExpired: registration !== undefined && isPaymentUrlExpired(registration, clock),
      clock,
      error: undefined,
      inventory: undefined,
      inventoryError: undefined,
    }
  },
  entry: 'loadInventory',
  on: {
    'inventory.load': { actions: 'loadInventory' },
    'xstate.done.actor.inventory': {
      actions: assign({ inventory: ({ event }) => event.output, inventoryError: undefined }),
    },
    'xstate.error.actor.inventory': {
      actions: assign({ inventory: undefined, inventoryError: ({ event }) => event.error }),
    },
  },
  initial: 'initializing',
  states: {
    initializing: {
      always: [{ guard: 'isCacheFresh', target: 'routing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'fetchRegistration',
        onDone: {
          target: 'routing',
          actions: keep,
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The registration info could not be fetched; loading again (forced or not) retries.',
      tags: 'failed',
      on: { 'registration.load': 'loading' },
    },
    routing: {
      always: [
        { guard: 'isRegistrationClosed', target: 'registrationClosed' },
        { guard: 'isNotRegistered', target: 'notRegistered' },
        { guard: 'isPending', target: 'pending' },
        { guard: 'isPaid', target: 'paid' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'canceled' },
      ],
    },
    registrationClosed: {
      description:
        'The registration flag is off: registering is not offered (the page sends users to the dashboard).',
      tags: 'closed',
      on: { ...reloadWhenStale },
    },
    notRegistered: {
      tags: 'form',
      on: {
        ...reloadWhenStale,
        'registration.submit': registerIfAvailable,
      },
    },
    registering: {
      initial: 'submitting',
      states: {
        submitting: {
          tags: ['busy', 'form'],
          entry: assign({ error: undefined }),
          invoke: {
            src: 'createRegistration',
            input: ({ event }) => {
              assertEvent(event, 'registration.submit')
              return event.request
            },
            onDone: {
              // Fetches the new pending registration, with its payment URL expiry.
              target: '#registration.loading',
              actions: {
                type: 'openCheckout',
                params: ({ event }) => ({ paymentUrl: event.output.paymentUrl }),
              },
            },
            onError: [
              {
                // A session is already open (another tab): show it rather than an error page.
                guard: {
                  type: 'isProductError',
                  params: ({ event }) => ({ error: event.error, key: 'purchaseSessionAlreadyExists' }),
                },
                target: '#registration.loading',
                actions: assign({ error: ({ event }) => event.error }),
              },
              {
                // The registration flag went off after the page loaded: registering is no longer offered.
                guard: {
                  type: 'isProductError',
                  params: ({ event }) => ({ error: event.error, key: 'registrationUnavailable' }),
                },
                target: '#registration.registrationClosed',
                actions: assign({ isRegistrationAvailable: false, error: ({ event }) => event.error }),
              },
              {
                // Sold out: back where the user was, with the spots asked for again (others may have returned).
                guard: {
                  type: 'isProductError',
                  params: ({ event }) => ({ error: event.error, key: 'soldOut' }),
                },
                target: '#registration.routing',
                actions: [assign({ error: ({ event }) => event.error }), 'loadInventory'],
              },
              // Anything else: back where the user was.
              { target: '#registration.routing', actions: assign({ error: ({ event }) => event.error }) },
            ],
          },
        },
      },
    },
    pending: {
      initial: 'checkingExpiry',
      states: {
        checkingExpiry: {
          always: [
            { guard: 'isPaymentUrlExpired', target: 'sessionTimedOut' },
            { target: 'awaitingPayment' },
          ],
        },
        awaitingPayment: {
          description: 'The payment URL is valid until its expiry; the user pays there or cancels.',
          tags: 'checkout',
          after: { paymentUrlExpiry: 'sessionTimedOut' },
          on: {
            ...reloadWhenStale,
            'checkout.open': {
              actions: {
                type: 'openCheckout',
                params: ({ context }) => {
                  const registration = registrationOf(context)
                  return {
                    paymentUrl: registration?.paymentStatus === 'pending' ? registration.paymentUrl : '',
                  }
                },
              },
            },
            'checkout.cancel': 'canceling',
          },
        },
        canceling: {
          tags: ['busy', 'checkout'],
          invoke: {
            src: 'terminateRegistrationSession',
            onDone: {
              target: '#registration.routing',
              // The answer to DELETE replaces the registration info.
              actions: keep,
            },
            onError: { target: 'checkingExpiry', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        sessionTimedOut: {
          description:
            'The payment URL expired: the checkout can no longer be completed. The user registers again; ' +
            'loading refetches, since the server may have settled the session meanwhile.',
          tags: ['form', 'timedOut'],
          entry: [
            assign({
              isPaymentUrlExpired: true,
              error: () => new AppError(productMessage('purchaseSessionTimedOut')),
            }),
            'loadInventory',
          ],
          on: {
            ...reloadWhenStale,
            'registration.submit': registerIfAvailable,
            'checkout.cancel': 'canceling',
          },
        },
      },
    },
    paid: {
      description: 'Paid: the registration is complete.',
      tags: 'paid',
      on: { ...reloadWhenStale },
    },
    expired: {
      description:
        'The checkout session expired unpaid; its spot was released and the user may register again.',
      tags: 'form',
      on: { ...reloadWhenStale, 'registration.submit': registerIfAvailable },
    },
    canceled: {
      description: 'The checkout session was canceled; the user may register again.',
      tags: 'form',
      on: { ...reloadWhenStale, 'registration.submit': registerIfAvailable },
    },
  },
})
