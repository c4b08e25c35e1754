/**
 * The current time in epoch milliseconds. Everything that depends on "now" takes one, so tests pass a fixed
 * or advancing clock instead of depending on today's date.
 */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()
