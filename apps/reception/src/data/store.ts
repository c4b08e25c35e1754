import {
  type BadgePrintKind,
  type BadgePrintResult,
  type CheckInRecord,
  type CheckInResult,
  type Clock,
  createStore,
  type GoodsTickResult,
  type Participant,
  type RegistrationCodeKeySetWire,
  type Store,
} from '@furfes/core'
import { type PrintedBadges, printedBadges, type StoredBadgePrint } from '../badges/printed.ts'
import {
  checkInsByRegistration,
  isConflict,
  isPending,
  type RegistrationCheckIn,
  type StoredCheckIn,
} from './check-ins.ts'
import type { HeldEdition, MetaEntries, MetaKey, ReceptionDatabase } from './database.ts'
import { type HandedGoods, handedGoods, type StoredGoodsTick } from './goods.ts'
import { createMarkQueue } from './mark-queue.ts'

export interface DeviceIdentity {
  id: string
  name: string
}

/** Everything the screens read, as one immutable value that changes as a whole. */
export interface ReceptionSnapshot {
  loaded: boolean
  participants: readonly Participant[]
  participantsByUserId: ReadonlyMap<string, Participant>
  participantsByRegistrationId: ReadonlyMap<string, Participant>
  checkIns: readonly StoredCheckIn[]
  checkInsByRegistration: ReadonlyMap<string, RegistrationCheckIn>
  /** Items recorded here and not yet answered by the API. */
  pendingCount: number
  /**
   * Check-ins recorded here that the API did not let stand: duplicates (another device was first) and
   * refusals (the registration is not paid, decision 078).
   */
  conflicts: readonly StoredCheckIn[]
  /** Printed badge marks recorded here and not yet in the snapshot, in the order they were made. */
  badgePrints: readonly StoredBadgePrint[]
  /** Marks not answered by the API yet. */
  pendingBadgePrintCount: number
  /** Which badges are printed: the snapshot's marks and this device's newer ones (decision 170). */
  printedBadges: PrintedBadges
  /** Goods ticks recorded here and not yet in the snapshot, in the order they were made. */
  goodsTicks: readonly StoredGoodsTick[]
  /** Ticks not answered by the API yet. */
  pendingGoodsTickCount: number
  /** The lines of goods handed over: the snapshot's ticks and this device's newer ones (decision 180). */
  handedGoods: HandedGoods
  keys: RegistrationCodeKeySetWire | undefined
  /** The current edition as last synced; undefined until the first sync. */
  edition: HeldEdition | undefined
  cursor: string | undefined
  lastSyncAt: number | undefined
  participantsSyncedAt: number | undefined
}

export interface ReceptionStore extends Store<ReceptionSnapshot> {
  load(): Promise<void>
  /**
   * Records a check-in now, on this device; it is queued for upload, with the compact code scanned for it
   * (the API checks it again, decision 159).
   */
  recordCheckIn(registrationId: string, scannedCode?: string): Promise<StoredCheckIn>
  /** Records the undo of a check-in (audited: the undo is a record of its own, uploaded like a check-in). */
  recordUndo(checkIn: StoredCheckIn): Promise<StoredCheckIn>
  /** The upload queue, oldest first. */
  pending(): StoredCheckIn[]
  applyResults(results: readonly CheckInResult[]): Promise<void>
  /** Marks the badges of these registrations printed now, or takes their marks off; queued for upload. */
  recordBadgePrints(registrationIds: readonly string[], kind: BadgePrintKind): Promise<void>
  /** The printed marks waiting for upload, oldest first. */
  pendingBadgePrints(): StoredBadgePrint[]
  applyBadgePrintResults(results: readonly BadgePrintResult[]): Promise<void>
  /** Ticks a line of a registration's goods as handed over now, or takes the tick off; queued for upload. */
  recordGoodsTick(registrationId: string, goods: string, kind: BadgePrintKind): Promise<void>
  /** The goods ticks waiting for upload, oldest first. */
  pendingGoodsTicks(): StoredGoodsTick[]
  applyGoodsTickResults(results: readonly GoodsTickResult[]): Promise<void>
  mergeRecords(records: readonly CheckInRecord[], cursor: string): Promise<void>
  replaceParticipants(participants: readonly Participant[]): Promise<void>
  setKeys(keys: RegistrationCodeKeySetWire): Promise<void>
  setEdition(edition: HeldEdition): Promise<void>
  setLastSync(at: number): Promise<void>
  /**
   * Forgets what the device learnt from the API: the participant snapshot (names, e-mails), every pulled or
   * answered check-in, and the sync position. Check-ins still waiting for upload stay: they hold ids and
   * device times only, and are uploaded after the next sign-in (decision 077).
   */
  forgetPersonalData(): Promise<void>
}

export interface ReceptionStoreOptions {
  db: ReceptionDatabase
  clock: Clock
  device: () => DeviceIdentity
  newId?: () => string
}

export function indexParticipants(participants: readonly Participant[]) {
  const byUserId = new Map<string, Participant>()
  const byRegistrationId = new Map<string, Participant>()
  for (const participant of participants) {
    byUserId.set(participant.user.userId, participant)
    const registrationId = participant.registration?.registrationId
    if (registrationId) byRegistrationId.set(registrationId, participant)
  }
  return { byUserId, byRegistrationId }
}

/**
 * The device's data in memory, written through to IndexedDB. Reads are synchronous, so a verdict never
 * waits for the disk; writes update memory first and then persist.
 */
export function createReceptionStore(options: ReceptionStoreOptions): ReceptionStore {
  const { db, clock } = options
  const newId = options.newId ?? (() => crypto.randomUUID())
  let participants: readonly Participant[] = []
  const checkIns = new Map<string, StoredCheckIn>()
  const badgePrints = createMarkQueue<StoredBadgePrint>(() => db.badgePrints)
  const goodsTicks = createMarkQueue<StoredGoodsTick>(() => db.goodsTicks)
  const meta: Partial<MetaEntries> = {}
  let nextSeq = 1

  // Check-ins change far more often than the participant list: index the list only when it changes.
  let indexedFor: readonly Participant[] | undefined
  let index = indexParticipants(participants)
  // Nor the printed marks and goods ticks, folded again only when the list or the marks change.
  let printedFor: {
    participants: readonly Participant[] | undefined
    version: number
    prints: StoredBadgePrint[]
    printed: PrintedBadges
  } = { participants: undefined, version: -1, prints: [], printed: new Map() }
  let handedFor: {
    participants: readonly Participant[] | undefined
    version: number
    ticks: StoredGoodsTick[]
    handed: HandedGoods
  } = { participants: undefined, version: -1, ticks: [], handed: new Map() }

  function build(loaded: boolean): ReceptionSnapshot {
    const list = [...checkIns.values()].sort((a, b) => a.localSeq - b.localSeq)
    if (indexedFor !== participants) {
      indexedFor = participants
      index = indexParticipants(participants)
    }
    const { byUserId, byRegistrationId } = index
    if (printedFor.participants !== participants || printedFor.version !== badgePrints.version()) {
      const prints = badgePrints.all()
      printedFor = {
        participants,
        version: badgePrints.version(),
        prints,
        printed: printedBadges(participants, prints),
      }
    }
    if (handedFor.participants !== participants || handedFor.version !== goodsTicks.version()) {
      const ticks = goodsTicks.all()
      handedFor = {
        participants,
        version: goodsTicks.version(),
        ticks,
        handed: handedGoods(participants, ticks),
      }
    }
    const { prints } = printedFor
    const { ticks } = handedFor
    return {
      loaded,
      participants,
      participantsByUserId: byUserId,
      participantsByRegistrationId: byRegistrationId,
      checkIns: list,
      checkInsByRegistration: checkInsByRegistration(list),
      pendingCount: list.filter((item) => item.origin === 'local' && isPending(item)).length,
      conflicts: list.filter((item) => item.origin === 'local' && isConflict(item)),
      badgePrints: prints,
      pendingBadgePrintCount: prints.filter((item) => item.status === undefined).length,
      printedBadges: printedFor.printed,
      goodsTicks: ticks,
      pendingGoodsTickCount: ticks.filter((item) => item.status === undefined).length,
      handedGoods: handedFor.handed,
      keys: meta.keys,
      edition: meta.edition,
      cursor: meta.cursor,
      lastSyncAt: meta.lastSyncAt,
      participantsSyncedAt: meta.participantsSyncedAt,
    }
  }

  const { set, ...snapshot } = createStore(build(false))
  const publish = () => set(build(true))

  async function putMeta<K extends MetaKey>(key: K, value: MetaEntries[K]) {
    meta[key] = value
    publish()
    await db.meta.put({ key, value })
  }

  /** What every mark this device records carries: its id, the device, the time and its place in the queue. */
  function newMark(markedAt: number, kind: BadgePrintKind) {
    const device = options.device()
    return {
      id: newId(),
      deviceId: device.id,
      ...(device.name ? { deviceName: device.name } : {}),
      markedAt,
      kind,
      localSeq: nextSeq++,
    }
  }

  async function record(
    item: Omit<StoredCheckIn, 'localSeq' | 'origin' | 'id' | 'deviceId' | 'deviceName' | 'checkedInAt'>,
  ) {
    const device = options.device()
    const stored: StoredCheckIn = {
      ...item,
      id: newId(),
      deviceId: device.id,
      ...(device.name ? { deviceName: device.name } : {}),
      checkedInAt: clock(),
      localSeq: nextSeq++,
      origin: 'local',
    }
    checkIns.set(stored.id, stored)
    publish()
    await db.checkIns.put(stored)
    return stored
  }

  return {
    ...snapshot,
    async load() {
      const [participantRows, checkInRows, lastPrint, lastTick, metaRows] = await Promise.all([
        db.participants.toArray(),
        db.checkIns.toArray(),
        badgePrints.load(),
        goodsTicks.load(),
        db.meta.toArray(),
      ])
      participants = participantRows.map((row) => row.participant)
      for (const row of checkInRows) checkIns.set(row.id, row)
      for (const row of metaRows) (meta as Record<string, unknown>)[row.key] = row.value
      nextSeq = Math.max(lastPrint, lastTick, ...checkInRows.map((row) => row.localSeq)) + 1
      publish()
    },
    recordCheckIn: (registrationId, scannedCode) =>
      record({
        registrationId,
        kind: 'check_in',
        ...(scannedCode === undefined ? {} : { code: scannedCode }),
      }),
    recordUndo: (checkIn) =>
      record({ registrationId: checkIn.registrationId, kind: 'undo', undoes: checkIn.id }),
    pending: () =>
      [...checkIns.values()]
        .filter((item) => item.origin === 'local' && isPending(item))
        .sort((a, b) => a.localSeq - b.localSeq),

    async applyResults(results) {
      const changed: StoredCheckIn[] = []
      for (const result of results) {
        const item = checkIns.get(result.id)
        if (!item) continue
        const next: StoredCheckIn = { ...item, status: result.status }
        if (result.status === 'duplicate') {
          next.firstCheckIn = result.firstCheckIn
          next.firstCheckInId = result.firstCheckIn.id
        }
        if (result.status === 'rejected') next.reason = result.reason
        checkIns.set(next.id, next)
        changed.push(next)
      }
      publish()
      await db.checkIns.bulkPut(changed)
    },

    recordBadgePrints: (registrationIds, kind) => {
      const markedAt = clock()
      return badgePrints.add(
        registrationIds.map((registrationId) => ({ ...newMark(markedAt, kind), registrationId })),
        publish,
      )
    },
    pendingBadgePrints: () => badgePrints.pending(),
    applyBadgePrintResults: (results) => badgePrints.applyResults(results, publish),
    recordGoodsTick: (registrationId, goods, kind) =>
      goodsTicks.add([{ ...newMark(clock(), kind), registrationId, goods }], publish),
    pendingGoodsTicks: () => goodsTicks.pending(),
    applyGoodsTickResults: (results) => goodsTicks.applyResults(results, publish),

    async mergeRecords(records, cursor) {
      const changed: StoredCheckIn[] = []
      for (const record of records) {
        const known = checkIns.get(record.id)
        const next: StoredCheckIn = {
          ...record,
          localSeq: known?.localSeq ?? nextSeq++,
          // This device's own records come back as its own after a sign-out forgot them, conflicts included.
          origin: known?.origin ?? (record.deviceId === options.device().id ? 'local' : 'remote'),
          ...(known?.firstCheckIn ? { firstCheckIn: known.firstCheckIn } : {}),
        }
        checkIns.set(next.id, next)
        changed.push(next)
      }
      meta.cursor = cursor
      publish()
      await db.transaction('rw', db.checkIns, db.meta, async () => {
        await db.checkIns.bulkPut(changed)
        await db.meta.put({ key: 'cursor', value: cursor })
      })
    },

    async replaceParticipants(next) {
      participants = [...next]
      meta.participantsSyncedAt = clock()
      // The snapshot was read after the API answered these marks and ticks: it carries them now.
      const answeredPrints = badgePrints.dropAnswered()
      const answeredTicks = goodsTicks.dropAnswered()
      publish()
      await db.transaction('rw', [db.participants, db.badgePrints, db.goodsTicks, db.meta], async () => {
        await db.badgePrints.bulkDelete(answeredPrints)
        await db.goodsTicks.bulkDelete(answeredTicks)
        await db.participants.clear()
        await db.participants.bulkPut(
          next.map((participant) => ({ userId: participant.user.userId, participant })),
        )
        await db.meta.put({ key: 'participantsSyncedAt', value: meta.participantsSyncedAt })
      })
    },

    setKeys: (keys) => putMeta('keys', keys),
    setEdition: ({ id, name, badgeArtwork }) => putMeta('edition', { id, name, badgeArtwork }),
    setLastSync: (at) => putMeta('lastSyncAt', at),

    async forgetPersonalData() {
      const waiting = (item: StoredCheckIn) => item.origin === 'local' && isPending(item)
      participants = []
      for (const [id, item] of checkIns) if (!waiting(item)) checkIns.delete(id)
      // Marks and ticks waiting for upload stay, as check-ins do: ids and times only.
      badgePrints.dropAnswered()
      goodsTicks.dropAnswered()
      const forgotten = ['cursor', 'lastSyncAt', 'participantsSyncedAt'] as const
      for (const key of forgotten) delete meta[key]
      publish()
      const tables = [db.participants, db.checkIns, db.badgePrints, db.goodsTicks, db.meta]
      await db.transaction('rw', tables, async () => {
        await db.participants.clear()
        await db.checkIns.filter((row) => !waiting(row)).delete()
        await db.badgePrints.filter((row) => row.status !== undefined).delete()
        await db.goodsTicks.filter((row) => row.status !== undefined).delete()
        await db.meta.bulkDelete([...forgotten])
      })
    },
  }
}
