import type { BadgeArtworkKey } from '@furfes/core'

/**
 * The file of each bundled picture (decision 211): served from `apps/reception/public/badges/` and precached with
 * the app, so a badge prints offline. An edition names a picture by its key; the committee chooses the key per
 * tier on the edition page, and the badge page maps it here.
 */
export const badgeArtworkFiles: Readonly<Record<BadgeArtworkKey, string>> = {
  mark: '/badges/member.svg',
  paws: '/badges/fursuiter.svg',
  star: '/badges/sponsor.svg',
  'star-paws': '/badges/sponsor-fursuiter.svg',
}
