import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RefundRecord } from './refunds.ts'
import type { SessionRecord } from './session.ts'
import type { Delivery } from './webhooks.ts'

interface EmulatorState {
  sessions: SessionRecord[]
  deliveries: Delivery[]
  refunds: RefundRecord[]
}

/** Where the emulator keeps its sessions and webhook deliveries between restarts. */
export interface StateStore {
  load(): EmulatorState | null
  save(state: EmulatorState): void
}

/** Keeps nothing: state lives as long as the process. */
export const memoryStore: StateStore = {
  load: () => null,
  save: () => {},
}

const FORMAT = 1

/**
 * One JSON file, `<dir>/state.json`, replaced atomically (write a temporary file, then rename over the old
 * one) so a crash mid-write never leaves half a file. The emulator's state is small, so every change
 * rewrites it whole.
 */
export function fileStore(dir: string): StateStore {
  const file = join(dir, 'state.json')
  return {
    load() {
      let text: string
      try {
        text = readFileSync(file, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      const saved = JSON.parse(text) as { format?: number } & Partial<EmulatorState>
      if (saved.format !== FORMAT) return null
      return {
        sessions: saved.sessions ?? [],
        deliveries: saved.deliveries ?? [],
        refunds: saved.refunds ?? [],
      }
    },
    save(state) {
      mkdirSync(dir, { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      writeFileSync(temporary, JSON.stringify({ format: FORMAT, ...state }))
      renameSync(temporary, file)
    },
  }
}
