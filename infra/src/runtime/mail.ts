/*
 * The mail drain's Lambda entry, run every minute by EventBridge (src/mail.ts), and once a day to run retention
 * (decision 161): gives back expired holds, sends
 * what the outbox owes with the API's own code (apps/api/src/mail), then writes the backlog as CloudWatch metrics in Embedded Metric
 * Format, one JSON log line that CloudWatch turns into metrics without any API call.
 */
import { readEnv } from '@furfes/api/src/env.ts'
import { createLogger } from '@furfes/api/src/logger.ts'
import { type RunningServer, startServer } from '@furfes/api/src/server.ts'
import { retentionJobActor, runRetention } from '@furfes/api/src/services/retention.ts'
import { mailMetrics } from '../mail.ts'
import { loadSecretsIntoProcessEnv } from './aws-secrets.ts'

let starting: Promise<RunningServer> | undefined

async function start(): Promise<RunningServer> {
  await loadSecretsIntoProcessEnv()
  const env = readEnv(process.env)
  const logger = createLogger({ level: env.LOG_LEVEL })
  // The API's wiring, with its own timers off: this invocation drains once and ends.
  return startServer(
    {
      ...env,
      HOST: '127.0.0.1',
      PORT: 0,
      MAIL_DRAIN_INTERVAL_MS: 0,
      PUSH_DRAIN_INTERVAL_MS: 0,
      EXPIRY_SWEEP_INTERVAL_SECONDS: 0,
      RETENTION_INTERVAL_SECONDS: 0,
    },
    { logger },
  )
}

/** What the daily rule sends instead of the minute's drain (src/mail.ts): run retention (decision 161). */
interface ScheduledTask {
  task?: string
}

export async function handler(event: ScheduledTask = {}): Promise<object> {
  starting ??= start().catch((error: unknown) => {
    starting = undefined
    throw error
  })
  const running = await starting
  if (event.task === 'retention') {
    // Recorded in the audit trail and logged by the job itself; a failure fails the invocation, and the next
    // day's run finishes it.
    return runRetention(running.api.retention, retentionJobActor)
  }
  // On Lambda the API's own sweep timer runs only while an instance serves requests: this schedule also gives
  // back holds whose checkout expired or whose claim passed, so a crash-left spot returns with no traffic at
  // all (decision 056); their lapse mails, written by the release, leave in the drain just after.
  const released = await running.api.registrations.releaseExpired()
  const result = await running.mail.outbox.drain()
  // Reminders due and pushes owed leave on the same schedule (decision 176); a failure is logged, not the mail's.
  await running.push.run().catch((error: unknown) => {
    console.error(JSON.stringify({ msg: 'Sending pushes failed', error: String(error) }))
  })
  const stats = await running.mail.outbox.stats()
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: mailMetrics.namespace,
            Dimensions: [['Stage']],
            Metrics: [
              { Name: mailMetrics.pending, Unit: 'Count' },
              { Name: mailMetrics.oldestPendingSeconds, Unit: 'Seconds' },
              { Name: mailMetrics.failed, Unit: 'Count' },
            ],
          },
        ],
      },
      Stage: process.env.FURFES_STAGE ?? 'unknown',
      [mailMetrics.pending]: stats.pending,
      [mailMetrics.oldestPendingSeconds]: stats.oldestPendingSeconds,
      [mailMetrics.failed]: stats.failed,
      msg: 'Mail drained',
      releasedHolds: released,
      ...result,
    }),
  )
  return result
}
