import { readEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { startServer } from './server.ts'

const env = readEnv()
const logger = createLogger({ level: env.LOG_LEVEL })

try {
  const server = await startServer(env, { logger })
  let signals = 0
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal means "now": skip the graceful part.
      if (++signals > 1) process.exit(1)
      logger.info('Signal received', { signal })
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('Shutdown failed', { error })
          process.exit(1)
        },
      )
    })
  }
} catch (error) {
  logger.error('The API could not start', { error })
  process.exit(1)
}
