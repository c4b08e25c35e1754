import { type RegistrationTier, sponsorBenefitsByTier } from '@furfes/core'
import { Box, GlobalStyles } from '@mui/material'
import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { fitText } from './fit.ts'
import { type BadgeData, sheetsOf } from './select.ts'

/**
 * The sheet layout (decision 134): A4 business-card stock, 2 × 5 cards of 91 × 55 mm, the size Japanese
 * badge cases (and the sponsors' entry badge case) take.
 */
const badgeLayout = {
  pageWidthMm: 210,
  pageHeightMm: 297,
  columns: 2,
  rows: 5,
  badgeWidthMm: 91,
  badgeHeightMm: 55,
} as const
export const badgesPerSheet = badgeLayout.columns * badgeLayout.rows
const marginXMm = (badgeLayout.pageWidthMm - badgeLayout.columns * badgeLayout.badgeWidthMm) / 2
const marginYMm = (badgeLayout.pageHeightMm - badgeLayout.rows * badgeLayout.badgeHeightMm) / 2

/** Each tier's colour on the badge band, dark enough for white text (4.5:1 and more). */
const tierColours: Record<RegistrationTier, string> = {
  member: '#1565c0',
  fursuiter: '#2e7d32',
  sponsor: '#8a5a00',
  sponsor_fursuiter: '#6a1b9a',
}

const hasSponsorMark = (tier: RegistrationTier) => Object.values(sponsorBenefitsByTier[tier]).some(Boolean)

/** While the sheets are on screen, printing prints them alone, on A4 with no browser margins. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: 0 },
      '@media print': {
        'body:has([data-badge-sheets]) .MuiAppBar-root, [data-print-hidden]': { display: 'none !important' },
        'body:has([data-badge-sheets])': { background: 'white' },
        // The sheets start at the paper's corner, whatever the screen put above them.
        '[data-badge-sheets]': {
          position: 'absolute',
          top: 0,
          left: 0,
          margin: '0 !important',
          overflow: 'visible !important',
          padding: '0 !important',
          gap: '0 !important',
        },
        '[data-badge-sheet]': { margin: '0 !important', boxShadow: 'none !important' },
      },
    }}
  />
)

/** The badges as A4 sheets: what the screen shows is what the printer gets. */
export function BadgeSheets({ badges, label }: { badges: readonly BadgeData[]; label: string }) {
  const { i18n } = useTranslation()
  const container = useRef<HTMLDivElement>(null)

  // Names are fitted after every change of the badges or the language (the tier labels change the layout
  // not at all, but a different font may apply), and again once web fonts have loaded.
  useLayoutEffect(() => {
    const fitNames = () => {
      const root = container.current
      if (root) fitText([...root.querySelectorAll<HTMLElement>('[data-badge-name]')])
    }
    fitNames()
    let current = true
    void document.fonts?.ready.then(() => {
      if (current) fitNames()
    })
    return () => {
      current = false
    }
  }, [badges, i18n.language])

  return (
    <Box
      ref={container}
      data-badge-sheets
      role="region"
      aria-label={label}
      // A sheet is wider than a phone: the region scrolls, and can be scrolled with the keyboard.
      tabIndex={0}
      sx={{
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: 2,
        alignItems: 'flex-start',
      }}
    >
      {printStyles}
      {sheetsOf(badges, badgesPerSheet).map((sheet) => (
        <Box
          key={sheet[0]?.registrationId}
          data-badge-sheet
          sx={{
            flex: 'none',
            boxSizing: 'border-box',
            width: `${badgeLayout.pageWidthMm}mm`,
            // A hair under A4, so rounding never spills a sheet onto a blank page.
            height: `${badgeLayout.pageHeightMm - 0.5}mm`,
            padding: `${marginYMm}mm ${marginXMm}mm`,
            display: 'grid',
            gridTemplateColumns: `repeat(${badgeLayout.columns}, ${badgeLayout.badgeWidthMm}mm)`,
            gridAutoRows: `${badgeLayout.badgeHeightMm}mm`,
            alignContent: 'start',
            background: 'white',
            color: 'black',
            boxShadow: 3,
            breakAfter: 'page',
            '&:last-of-type': { breakAfter: 'auto' },
            overflow: 'hidden',
          }}
        >
          {sheet.map((badge) => (
            <Badge key={badge.registrationId} badge={badge} />
          ))}
        </Box>
      ))}
    </Box>
  )
}

function Badge({ badge }: { badge: BadgeData }) {
  const { t } = useTranslation(['reception', 'domain'])
  return (
    <Box
      data-badge={badge.registrationId}
      sx={{
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        // A hairline to cut along on plain paper; on perforated card stock it falls on the perforation.
        border: '0.2mm solid #bdbdbd',
        overflow: 'hidden',
        printColorAdjust: 'exact',
        WebkitPrintColorAdjust: 'exact',
      }}
    >
      <Box
        sx={{
          flex: 'none',
          height: '9mm',
          px: '3mm',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          background: tierColours[badge.tier],
          color: 'white',
          fontSize: '3.6mm',
          fontWeight: 700,
        }}
      >
        <span>{t(`domain:registrationTier.${badge.tier}`)}</span>
        {hasSponsorMark(badge.tier) && <span data-sponsor-mark>{`★ ${t('badges.sponsorMark')}`}</span>}
      </Box>
      <Box
        data-badge-name
        sx={{
          flex: '1 1 auto',
          minHeight: 0,
          mx: '3mm',
          my: '1mm',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          fontWeight: 700,
          lineHeight: 1.15,
          // Long names wrap (between words where there are any) before they shrink further.
          overflowWrap: 'anywhere',
          overflow: 'hidden',
        }}
      >
        {badge.badgeName}
      </Box>
      <Box
        sx={{
          flex: 'none',
          height: '6mm',
          px: '3mm',
          display: 'flex',
          alignItems: 'center',
          fontSize: '2.4mm',
          fontFamily: 'monospace',
          color: '#424242',
        }}
      >
        {t('badges.number', { id: badge.registrationId })}
      </Box>
    </Box>
  )
}
