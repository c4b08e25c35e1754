import type { Clock } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { readPublishedTimetable } from '../services/timetable.ts'
import {
  createPushOutbox,
  createWebPushSend,
  type PushOutbox,
  type PushSend,
  type VapidKeys,
} from './outbox.ts'
import { oweDueReminders } from './subscriptions.ts'

export interface PushService {
  outbox: PushOutbox
  /** Owes the reminders now due for the current edition's published timetable; answers how many. */
  sweepReminders(): Promise<number>
  /** A reminder sweep, then a drain: what the server runs every PUSH_DRAIN_INTERVAL_MS. */
  run(): Promise<void>
}

/** The push outbox with its real sender and the reminder sweep on the injected clock (decision 176). */
export function createPushService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  vapid: VapidKeys
  /** Replaces the `web-push` sender (tests). */
  send?: PushSend
}): PushService {
  const { db, clock } = options
  const outbox = createPushOutbox({
    db,
    clock,
    logger: options.logger,
    send: options.send ?? createWebPushSend(options.vapid),
  })
  const sweepReminders = async () => {
    const timetable = await readPublishedTimetable({ db, clock })
    return timetable ? oweDueReminders(db, timetable.sessions, clock()) : 0
  }
  return {
    outbox,
    sweepReminders,
    async run() {
      await sweepReminders()
      await outbox.drain()
    },
  }
}
