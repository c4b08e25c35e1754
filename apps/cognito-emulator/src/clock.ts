/** Where the emulator reads the time. Tests pass a clock they move by hand, so expiry needs no sleeping. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** The system clock moved ahead by an offset, which tests set through `PUT /_emulator/clock`. */
export interface AdjustableClock extends Clock {
  offsetMs(): number
  setOffset(offsetMs: number): void
}

export function createAdjustableClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0
  return {
    now: () => base.now() + offset,
    offsetMs: () => offset,
    setOffset(offsetMs) {
      if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) {
        throw new RangeError(`A clock offset is a whole, non-negative number of milliseconds: ${offsetMs}`)
      }
      offset = offsetMs
    },
  }
}
