import type { Hono } from 'hono'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'

/** What load balancers ask: whether this instance takes traffic (not while draining, not without its database). */
export function mountHealthRoute(
  app: Hono,
  deps: { database: Database; logger: Logger; isDraining: () => boolean },
): void {
  const { database, logger } = deps
  app.get('/health', async (context) => {
    if (deps.isDraining()) return context.json({ status: 'draining' }, 503)
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), 2_000).unref(),
        ),
      ])
      return context.json({ status: 'ok', database: database.kind })
    } catch (error) {
      logger.warn('Health check failed', { error })
      return context.json({ status: 'unavailable', database: database.kind }, 503)
    }
  })
}
