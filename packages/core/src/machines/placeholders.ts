import { fromPromise, type NonReducibleUnknown } from 'xstate'

/**
 * Stands in for a side effect the app supplies with `machine.provide({ actors })`. Machines import no API
 * client, storage or SDK; running one without providing its actors fails loudly instead of doing nothing.
 */
export function placeholderActor<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`Actor "${name}" is not provided: supply it with machine.provide({ actors })`)),
  )
}

/** Default for the `reportError` action: apps send errors to the error service instead. */
export function logUnreportedError(_: unknown, params: { error: unknown }): void {
  console.error('Unreported error (provide the reportError action):', params.error)
}
