import { assertEvent, type EventObject, type ExtractEvent } from 'xstate'

/**
 * Invoke input read from the event that entered the state. A state such a call is made in is entered by one
 * event only, so any other event there is a mistake in the machine and fails loudly. Bound once per machine to
 * its context and events: `const fromEvent = eventInput<Context, Event>()`.
 */
export function eventInput<TContext, TEvent extends EventObject>() {
  return <const TType extends TEvent['type'], TInput>(
    type: TType,
    pick: (event: ExtractEvent<TEvent, TType>, context: TContext) => TInput,
  ) =>
    ({ context, event }: { context: TContext; event: TEvent }): TInput => {
      assertEvent(event, type)
      return pick(event, context)
    }
}

/** The credentials of a sign-in form's submit, as the sign-in actor's input. */
export const credentials = (event: { email: string; password: string }) => ({
  email: event.email,
  password: event.password,
})
