import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import webPush from 'web-push'
import { z } from 'zod'
import type { Env } from '../env.ts'
import type { VapidKeys } from './outbox.ts'

const storedKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })

/**
 * The VAPID key pair (decision 176): configured (production reads both from Secrets Manager), else generated once
 * into DATA_DIR/api/vapid.json so a local API keeps the key browsers subscribed with across restarts.
 */
export function vapidKeysFor(env: Env): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
  }
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither')
  }
  const file = join(env.DATA_DIR, 'api', 'vapid.json')
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(webPush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' })
  }
  const keys = storedKeys.parse(JSON.parse(readFileSync(file, 'utf8')))
  return { ...keys, subject: env.VAPID_SUBJECT }
}
