import {
  type GoodsLine,
  goodsFor,
  isFursuitTier,
  type Participant,
  type RegistrationTier,
} from '@furfes/core'
import type { RegistrationCheckIn, StoredCheckIn } from '../data/check-ins.ts'
import type { ReceptionSnapshot } from '../data/store.ts'
import type { CodeCheck, CodeProblem } from './code-verifier.ts'

/** What reception hands over to a participant who checks in. */
interface HandOver {
  badge: true
  /** The tier's goods (with the T-shirt's size when this device knows it) and add-ons, each ticked when handed. */
  goods: GoodsLine[]
  changingRoomType: string | undefined
}

/** The person a verdict is about, from the participant snapshot or, failing that, from the code itself. */
export interface VerdictSubject {
  /** Unknown only for a compact code (decision 120) of someone this device's snapshot does not list yet. */
  userId: string | undefined
  registrationId: string
  badgeName: string | undefined
  handleName: string | undefined
  email: string | undefined
  registrationTier: RegistrationTier | undefined
  participant: Participant | undefined
  /** The compact code scanned, which the check-in carries to the API (decision 159). */
  scannedCode?: string | undefined
}

type RejectionReason =
  | CodeProblem
  | 'canceled'
  | 'unpaid'
  | 'notRegistered'
  | 'replaced'
  | 'unknownParticipant'

export type Verdict =
  | {
      kind: 'valid'
      subject: VerdictSubject
      handOver: HandOver
      /** The code verified, but this device's snapshot does not list the person yet (registered since). */
      notInSnapshot: boolean
    }
  | {
      kind: 'alreadyCheckedIn'
      subject: VerdictSubject
      checkIn: StoredCheckIn
      /** What to hand over still: someone back for a forgotten item has it ticked here (decision 180). */
      handOver: HandOver
    }
  | {
      kind: 'rejected'
      reason: RejectionReason
      subject: VerdictSubject | undefined
      /** With `otherEdition`: the edition the code names. */
      codeEdition?: string
    }

function handOverFor(tier: RegistrationTier | undefined, participant: Participant | undefined): HandOver {
  const registration = participant?.registration
  if (tier === undefined) return { badge: true, goods: [], changingRoomType: undefined }
  return {
    badge: true,
    // The add-ons paid for (decision 178) are goods too: their tickets are handed over and ticked.
    goods: goodsFor(
      tier,
      registration?.tShirtSize,
      participant?.addons?.map(({ code, name }) => ({ id: code, name })),
    ),
    changingRoomType: isFursuitTier(tier) ? registration?.changingRoomType : undefined,
  }
}

function subjectOf(participant: Participant, registrationId: string): VerdictSubject | undefined {
  const registration = participant.registration
  if (!registration) return undefined
  return {
    userId: participant.user.userId,
    registrationId,
    badgeName: registration.badgeName,
    handleName: participant.profile?.handleName,
    email: participant.user.email,
    registrationTier: registration.registrationTier,
    participant,
  }
}

/**
 * The verdict on a participant found in the snapshot (by code or by search): paid and not checked in is
 * valid; checked in (here, or on another device as far as this one knows) is "already"; anything else is
 * rejected with its reason.
 */
export function judgeParticipant(
  participant: Participant,
  registrationId: string,
  checkIn: RegistrationCheckIn | undefined,
): Verdict {
  const registration = participant.registration
  const subject = subjectOf(participant, registrationId)
  if (!registration || !subject) return { kind: 'rejected', reason: 'notRegistered', subject: undefined }
  if (registration.paymentStatus === 'canceled') return { kind: 'rejected', reason: 'canceled', subject }
  if (registration.paymentStatus !== 'paid') return { kind: 'rejected', reason: 'unpaid', subject }
  return admit(subject, checkIn, registration.registrationTier, participant, false)
}

/**
 * The verdict on a scanned code, from the offline signature check and the synced snapshot. Only paid
 * registrations get codes, so a verified code of someone the snapshot does not list yet is valid (the screen
 * says the list is behind); a registration the snapshot knows under another id means the code is of an
 * earlier registration that was replaced.
 */
export function judgeCode(check: CodeCheck, snapshot: ReceptionSnapshot): Verdict {
  if (!check.ok) {
    const { problem, editionId } = check
    return {
      kind: 'rejected',
      reason: problem,
      subject: undefined,
      ...(editionId ? { codeEdition: editionId } : {}),
    }
  }
  const verdict = judgeVerifiedCode(check.code, snapshot)
  // A valid scan's check-in carries the code it read, so the API can check it again (decision 159).
  const { scannedCode } = check.code
  if (verdict.kind !== 'valid' || scannedCode === undefined) return verdict
  return { ...verdict, subject: { ...verdict.subject, scannedCode } }
}

function judgeVerifiedCode(
  code: Extract<CodeCheck, { ok: true }>['code'],
  snapshot: ReceptionSnapshot,
): Verdict {
  const { registrationId } = code
  const participant =
    snapshot.participantsByRegistrationId.get(registrationId) ??
    (code.userId === undefined ? undefined : snapshot.participantsByUserId.get(code.userId))
  const checkIn = snapshot.checkInsByRegistration.get(registrationId)
  if (participant) {
    const knownId = participant.registration?.registrationId
    if (code.userId !== undefined && participant.user.userId !== code.userId) {
      return { kind: 'rejected', reason: 'unknownParticipant', subject: undefined }
    }
    if (knownId !== undefined && knownId !== registrationId) {
      const subject = subjectOf(participant, registrationId)
      return { kind: 'rejected', reason: 'replaced', subject }
    }
    return judgeParticipant(participant, registrationId, checkIn)
  }
  // Not listed yet: what the code itself says (a compact code says only which registration it is).
  const subject: VerdictSubject = {
    userId: code.userId,
    registrationId,
    badgeName: code.badgeName,
    handleName: undefined,
    email: undefined,
    registrationTier: code.registrationTier,
    participant: undefined,
  }
  return admit(subject, checkIn, code.registrationTier, undefined, true)
}

/** A paid registration's verdict: already checked in, or valid with what to hand over. */
function admit(
  subject: VerdictSubject,
  checkIn: RegistrationCheckIn | undefined,
  tier: RegistrationTier | undefined,
  participant: Participant | undefined,
  notInSnapshot: boolean,
): Verdict {
  const handOver = handOverFor(tier, participant)
  if (checkIn?.current) return { kind: 'alreadyCheckedIn', subject, checkIn: checkIn.current, handOver }
  return { kind: 'valid', subject, handOver, notInSnapshot }
}
