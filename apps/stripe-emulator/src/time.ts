/**
 * Time as the emulator sees it. Everything that depends on "now" (expires_at checks, the expiry sweeper,
 * webhook timestamps and retries) goes through these two interfaces, so tests drive time by hand.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
  /** Moves this clock forward; `/_emulator/advance` uses it to let sessions expire without waiting. */
  advance(ms: number): void
}

export type Cancel = () => void

export interface Scheduler {
  schedule(delayMs: number, task: () => void): Cancel
}

/** Stripe timestamps are whole Unix seconds. */
export const unixSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000)

/** The wall clock, plus whatever `/_emulator/advance` added. */
export class SystemClock implements Clock {
  #offsetMs = 0

  now(): number {
    return Date.now() + this.#offsetMs
  }

  advance(ms: number): void {
    this.#offsetMs += ms
  }
}

export const systemScheduler: Scheduler = {
  schedule(delayMs, task) {
    const timer = setTimeout(task, delayMs)
    // Pending retries and sweeps must not keep a stopping process alive.
    timer.unref()
    return () => clearTimeout(timer)
  },
}
