import { festivalBadgeArtwork } from '@furfes/core'
import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { createReceptionI18n } from '../i18n.ts'
import { testUuid } from '../test/fixtures.ts'
import { badgeArtworkFiles } from './artwork.ts'
import { BadgeSheets } from './BadgeSheets.tsx'
import type { BadgeData } from './select.ts'

function badge(n: number, tier: BadgeData['tier'], badgeName: string): BadgeData {
  return {
    registrationId: testUuid(n),
    badgeNumber: n,
    badgeName,
    tier,
    reprintNeeded: false,
    addonMarks: [],
  }
}

function renderSheets(artwork: Parameters<typeof BadgeSheets>[0]['artwork']) {
  render(
    <I18nextProvider i18n={createReceptionI18n('en')}>
      <BadgeSheets
        badges={[badge(1, 'sponsor', 'Kon'), badge(2, 'member', 'Wolf')]}
        label="Badge sheets"
        eventName="Tokyo Furry Fes 2025"
        artwork={artwork}
      />
    </I18nextProvider>,
  )
  const badgeOf = (n: number) => document.querySelector(`[data-badge="${testUuid(n)}"]`) as HTMLElement
  return { kon: badgeOf(1), wolf: badgeOf(2) }
}

describe('badge artwork (decisions 206 and 211)', () => {
  it("draws each tier's chosen picture beside the name, decorative, and a tier set to none prints without", () => {
    const { kon, wolf } = renderSheets({ sponsor: 'paws' })
    const picture = kon.querySelector('[data-badge-artwork]')
    expect(picture?.getAttribute('src')).toBe('/badges/fursuiter.svg')
    // Decorative: the words beside it say who and what; a screen reader reads no file name.
    expect(picture?.getAttribute('alt')).toBe('')
    // Beside the name, inside the badge, the name still whole and readable.
    expect(picture?.nextElementSibling?.hasAttribute('data-badge-name')).toBe(true)
    expect(kon.querySelector('[data-badge-name]')?.textContent).toBe('Kon')
    expect(wolf.querySelector('[data-badge-artwork]')).toBeNull()
    expect(wolf.querySelector('[data-badge-name]')?.textContent).toBe('Wolf')
    expect(screen.getByRole('region', { name: 'Badge sheets' }).querySelectorAll('img[alt=""]')).toHaveLength(
      3,
    )
  })

  it("prints the festival's set, one picture per tier, from the files served with the app", () => {
    const { kon, wolf } = renderSheets(festivalBadgeArtwork)
    expect(kon.querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe('/badges/sponsor.svg')
    expect(wolf.querySelector('[data-badge-artwork]')?.getAttribute('src')).toBe('/badges/member.svg')
    expect(new Set(Object.values(badgeArtworkFiles))).toHaveProperty('size', 4)
  })
})
