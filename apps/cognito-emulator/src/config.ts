import { readFileSync } from 'node:fs'
import type { PasswordPolicy } from './passwords.ts'

/** A user the emulator creates at start when no account has that e-mail yet (demo accounts). */
interface SeedUser {
  email: string
  password: string
  /** Confirmed with a verified e-mail (the default). `false` leaves it UNCONFIRMED with a code mailed. */
  confirmed?: boolean
  /** The password is temporary: the first sign-in answers NEW_PASSWORD_REQUIRED, as after AdminCreateUser. */
  temporaryPassword?: boolean
  /** Groups of the pool the user belongs to; a restart puts a demo user back into them. */
  groups?: string[]
}

/** A group the pool defines (as infra does): created at start when missing. */
interface GroupConfig {
  name: string
  description?: string
  precedence?: number
}

/** One user pool with its one app client. Every pool uses the e-mail address as username. */
export interface PoolConfig {
  name: string
  id: string
  clientId: string
  passwordPolicy?: Partial<PasswordPolicy>
  /**
   * Cognito's UserAttributeUpdateSettings.AttributesRequireVerificationBeforeUpdate ("keep original attribute
   * value active when an update is pending"): with `["email"]` a changed e-mail takes effect only once verified.
   */
  attributesRequireVerificationBeforeUpdate?: 'email'[]
  /**
   * The app client's PreventUserExistenceErrors. `ENABLED` (what the production pools set, infra/src/auth.ts)
   * answers an unknown user the way it answers a known one; `LEGACY`, Cognito's default when the setting is
   * left out, answers UserNotFoundException.
   */
  preventUserExistenceErrors?: 'ENABLED' | 'LEGACY'
  groups?: GroupConfig[]
  seedUsers?: SeedUser[]
}

export interface PoolsFile {
  region: string
  pools: PoolConfig[]
}

const defaultPoolsFile = new URL('../pools.json', import.meta.url)

/** Reads the pools the emulator serves from its configuration file (POOLS_FILE, else ./pools.json). */
export function loadPools(path: string | URL = process.env.POOLS_FILE ?? defaultPoolsFile): PoolsFile {
  const file = JSON.parse(readFileSync(path, 'utf8')) as PoolsFile
  if (!Array.isArray(file.pools) || file.pools.length === 0)
    throw new Error(`${path}: "pools" must list pools`)
  for (const pool of file.pools) {
    if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(pool.id))
      throw new Error(`${path}: pool id "${pool.id}" is not a pool id`)
    if (!/^[\w+]+$/.test(pool.clientId)) throw new Error(`${path}: client id "${pool.clientId}" is not valid`)
    const prevent = pool.preventUserExistenceErrors
    if (prevent !== undefined && prevent !== 'ENABLED' && prevent !== 'LEGACY')
      throw new Error(`${path}: preventUserExistenceErrors of "${pool.id}" must be ENABLED or LEGACY`)
    const groups = new Set((pool.groups ?? []).map((group) => group.name))
    for (const seed of pool.seedUsers ?? []) {
      const unknown = (seed.groups ?? []).find((group) => !groups.has(group))
      if (unknown)
        throw new Error(`${path}: ${seed.email} is in group "${unknown}", which ${pool.id} does not define`)
    }
  }
  return file
}
