/**
 * Admission control: at most `maxConcurrent` requests are worked on at once; up to `maxQueue` more wait, in
 * arrival order, at most `maxWaitMs` each. Past that, a request is refused at once (503 highTraffic) instead
 * of making everyone slower: under overload most users get a quick answer to retry rather than all of them a
 * timeout.
 */
export interface AdmissionControl {
  /** A release function once admitted; undefined when the request must be refused. */
  admit(): Promise<(() => void) | undefined>
  stats(): { active: number; queued: number; refused: number }
}

export interface AdmissionOptions {
  maxConcurrent: number
  maxQueue: number
  maxWaitMs: number
}

interface Waiter {
  admit: (release: (() => void) | undefined) => void
  timer: ReturnType<typeof setTimeout>
}

export function createAdmissionControl(options: AdmissionOptions): AdmissionControl {
  let active = 0
  let refused = 0
  const queue: Waiter[] = []

  function release(): void {
    const next = queue.shift()
    if (next) {
      clearTimeout(next.timer)
      next.admit(once())
    } else {
      active--
    }
  }

  /** Each admission releases its slot exactly once, even if the caller calls twice. */
  function once(): () => void {
    let done = false
    return () => {
      if (done) return
      done = true
      release()
    }
  }

  return {
    admit() {
      if (active < options.maxConcurrent) {
        active++
        return Promise.resolve(once())
      }
      if (queue.length >= options.maxQueue) {
        refused++
        return Promise.resolve(undefined)
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            const index = queue.indexOf(waiter)
            if (index >= 0) queue.splice(index, 1)
            refused++
            resolve(undefined)
          }, options.maxWaitMs),
        }
        queue.push(waiter)
      })
    },
    stats: () => ({ active, queued: queue.length, refused }),
  }
}
