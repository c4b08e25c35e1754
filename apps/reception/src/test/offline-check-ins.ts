/**
 * Three devices check people in while offline, then sync (docs/requirements.md CHK-6): the sync unit test
 * runs this against the fake API, the e2e spec against the real one. Who lets whom in (participants 1 to 4),
 * in this order, and how the API answers each once the network comes back for B, then C, then A: the first
 * check-in to reach it stands, later ones are duplicates.
 */
export const offlineCheckIns = [
  { device: 'A', participant: 1, answer: 'duplicate' },
  { device: 'A', participant: 2, answer: 'duplicate' },
  { device: 'B', participant: 2, answer: 'accepted' },
  { device: 'B', participant: 3, answer: 'accepted' },
  { device: 'C', participant: 1, answer: 'accepted' },
  { device: 'C', participant: 3, answer: 'duplicate' },
  { device: 'C', participant: 4, answer: 'accepted' },
] as const

/** The answers as `device:participant:answer`, the form both tests compare. */
export const offlineCheckInAnswers = offlineCheckIns.map(
  ({ device, participant, answer }) => `${device}:${participant}:${answer}`,
)
