/** Product-wide feature flags as the client names them (docs/requirements.md STAT-4). */
export interface FeatureFlags {
  isNewClubActivityEstablishmentAvailable: boolean
  isRegistrationAvailable: boolean
  isUnderMaintenance: boolean
  /**
   * The event is cancelled: an event-cancellation run has started (docs/decisions/113-event-cancelled-refund-run.md).
   * Read-only: the API derives it and ignores it in a change of the flags.
   */
  isEventCancelled?: boolean
}

export const defaultFeatureFlags: Readonly<FeatureFlags> = {
  isNewClubActivityEstablishmentAvailable: false,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}
