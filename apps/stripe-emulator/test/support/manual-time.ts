import type { Cancel, Clock, Scheduler } from '../../src/time.ts'

/** A clock and scheduler that move only when a test says so; advance() runs the timers that fall due. */
export class ManualTime implements Clock, Scheduler {
  #now: number
  #sequence = 0
  readonly #timers: { at: number; sequence: number; task: () => void }[] = []

  constructor(startMs: number) {
    this.#now = startMs
  }

  now(): number {
    return this.#now
  }

  schedule(delayMs: number, task: () => void): Cancel {
    const timer = { at: this.#now + delayMs, sequence: this.#sequence++, task }
    this.#timers.push(timer)
    return () => {
      const index = this.#timers.indexOf(timer)
      if (index >= 0) this.#timers.splice(index, 1)
    }
  }

  advance(ms: number): void {
    const target = this.#now + ms
    for (;;) {
      const due = this.#timers
        .filter((timer) => timer.at <= target)
        .sort((a, b) => a.at - b.at || a.sequence - b.sequence)[0]
      if (!due) break
      this.#timers.splice(this.#timers.indexOf(due), 1)
      this.#now = Math.max(this.#now, due.at)
      due.task()
    }
    this.#now = target
  }

  get pendingTimers(): number {
    return this.#timers.length
  }
}

/** 2026-05-10 10:00 in Tokyo: tests never depend on today's date. */
export const START = Date.UTC(2026, 4, 10, 1, 0, 0)
