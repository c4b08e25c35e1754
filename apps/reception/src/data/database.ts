import type { Edition, Participant, RegistrationCodeKeySetWire } from '@furfes/core'
import { openDatabase } from '@furfes/ui/database'
import type { Dexie, EntityTable } from 'dexie'
import type { StoredBadgePrint } from '../badges/printed.ts'
import type { StoredCheckIn } from './check-ins.ts'
import type { StoredGoodsTick } from './goods.ts'

/** A participant of the last synced snapshot, keyed by user id. */
interface StoredParticipant {
  userId: string
  participant: Participant
}

/**
 * What the device keeps of the current edition: its id, which codes name, its name for the verdict and the
 * badges, and its badge artwork (decision 211), so badges print offline as the committee set them. A device that
 * last synced before the artwork was a setting holds none until its next sync.
 */
export type HeldEdition = Pick<Edition, 'id' | 'name'> & Partial<Pick<Edition, 'badgeArtwork'>>

export interface MetaEntries {
  /** The API's next_cursor after the last pull. */
  cursor: string
  lastSyncAt: number
  participantsSyncedAt: number
  keys: RegistrationCodeKeySetWire
  /** The current edition when the snapshot was taken: the door refuses codes of another (decision 159). */
  edition: HeldEdition
}
export type MetaKey = keyof MetaEntries

interface MetaRow {
  key: MetaKey
  value: unknown
}

interface ReceptionTables {
  participants: EntityTable<StoredParticipant, 'userId'>
  checkIns: EntityTable<StoredCheckIn, 'id'>
  /** Printed badge marks recorded here, until the snapshot carries them (decision 170). */
  badgePrints: EntityTable<StoredBadgePrint, 'id'>
  /** Goods ticked as handed over here, until the snapshot carries them (decision 180). */
  goodsTicks: EntityTable<StoredGoodsTick, 'id'>
  meta: EntityTable<MetaRow, 'key'>
}

/**
 * What each reception device keeps in IndexedDB (DESIGN "Offline check-in"): the participant snapshot, the
 * registration-code keys, every check-in it recorded or pulled, its printed badge marks and goods ticks, and its
 * sync position.
 */
export type ReceptionDatabase = Dexie & ReceptionTables

export function openReceptionDatabase(name = 'furfes-reception'): ReceptionDatabase {
  return openDatabase<ReceptionTables>(name, [
    { participants: 'userId', checkIns: 'id, registrationId, localSeq', meta: 'key' },
    { badgePrints: 'id, localSeq' },
    { goodsTicks: 'id, localSeq' },
  ])
}
