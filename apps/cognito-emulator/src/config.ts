import { readFileSync } from 'node:fs'

export interface PoolConfig {
  name: string
  id: string
  clientId: string
}

interface PoolsFile {
  region: string
  pools: PoolConfig[]
}

const defaultPoolsFile = new URL('../pools.json', import.meta.url)

/** Reads the pools the emulator serves from its configuration file (POOLS_FILE, else ./pools.json). */
export function loadPools(path: string | URL = process.env.POOLS_FILE ?? defaultPoolsFile): PoolsFile {
  return JSON.parse(readFileSync(path, 'utf8')) as PoolsFile
}
