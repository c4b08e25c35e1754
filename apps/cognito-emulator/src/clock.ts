/** Where the emulator reads the time. Tests pass a clock they move by hand, so expiry needs no sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
