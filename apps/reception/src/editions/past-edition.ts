import type { AdminApiClient } from '@furfes/core'
import { useSearchParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { useStaffAccess } from '../auth/staff-access.tsx'
import { checkInsByRegistration, type StoredCheckIn } from '../data/check-ins.ts'
import { indexParticipants, type ReceptionSnapshot } from '../data/store.ts'

/** What the participant list, its dialog and the badge sheets read: the device's snapshot, or a past edition's. */
export type ParticipantView = Pick<
  ReceptionSnapshot,
  | 'participants'
  | 'participantsByUserId'
  | 'participantsByRegistrationId'
  | 'checkIns'
  | 'checkInsByRegistration'
>

/**
 * The edition a staff screen shows: undefined for the current one (the device's snapshot and sync, which stay on
 * it), or the past one named by `?edition=`, read only. Listing editions is the committee's (`editEditions`), so
 * only the committee can choose one; the door and the desk always see the current edition (decision 158).
 */
export function useChosenEdition(): string | undefined {
  const access = useStaffAccess()
  const [params] = useSearchParams()
  return access.may('editEditions') ? (params.get('edition') ?? undefined) : undefined
}

/**
 * The address of a screen that takes an edition, keeping the chosen past one (`?edition=`), or the current one's
 * when none is chosen: the one way the staff screens link to each other so a committee member's choice survives
 * moving between them.
 */
export function addressInEdition(path: string, edition: string | undefined): string {
  return edition === undefined ? path : `${path}?${new URLSearchParams({ edition })}`
}

/** A past edition's participants and check-ins as the API answers them, shaped like the device's snapshot. */
async function readPastEdition(
  api: AdminApiClient,
  edition: string,
  signal: AbortSignal,
): Promise<ParticipantView> {
  const participants = await api.listParticipants({ signal }, { edition })
  const checkIns: StoredCheckIn[] = []
  let since = ''
  for (;;) {
    const page = await api.listCheckIns(since, { signal }, edition)
    for (const record of page.items) checkIns.push({ ...record, localSeq: checkIns.length, origin: 'remote' })
    since = page.nextCursor
    if (!page.hasMore) break
  }
  const { byUserId, byRegistrationId } = indexParticipants(participants)
  return {
    participants,
    participantsByUserId: byUserId,
    participantsByRegistrationId: byRegistrationId,
    checkIns,
    checkInsByRegistration: checkInsByRegistration(checkIns),
  }
}

/**
 * The participants a screen shows: the device's snapshot of the current edition, or the chosen past edition's
 * as the API answers them (empty until they arrive). `edition` is the past edition's id, undefined for the
 * current one.
 */
export function usePastEdition(current: ParticipantView): {
  edition: string | undefined
  view: ParticipantView
  error: unknown
} {
  const services = useServices()
  const edition = useChosenEdition()
  const { data, error } = useApiRead(
    (signal) =>
      edition === undefined ? Promise.resolve(undefined) : readPastEdition(services.api, edition, signal),
    [services, edition],
  )
  return { edition, view: edition === undefined ? current : (data ?? nothingYet), error }
}

const nothingYet: ParticipantView = {
  participants: [],
  participantsByUserId: new Map(),
  participantsByRegistrationId: new Map(),
  checkIns: [],
  checkInsByRegistration: new Map(),
}
