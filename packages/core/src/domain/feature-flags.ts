/** Product-wide feature flags as the client names them (docs/requirements.md STAT-4). */
export interface FeatureFlags {
  isNewClubActivityEstablishmentAvailable: boolean
  isRegistrationAvailable: boolean
  isUnderMaintenance: boolean
}

export const defaultFeatureFlags: Readonly<FeatureFlags> = {
  isNewClubActivityEstablishmentAvailable: false,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}
