import { type BadgeArtwork, type RegistrationTier, sponsorBenefitsByTier } from '@furfes/core'
import { Box, GlobalStyles } from '@mui/material'
import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { badgeArtworkFiles } from './artwork.ts'
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
export function BadgeSheets({
  badges,
  label,
  eventName,
  artwork,
}: {
  badges: readonly BadgeData[]
  label: string
  /** The edition's name in the page's language, on every badge; none before the device first synced. */
  eventName: string | undefined
  /** The edition's picture per tier, by its key (decision 211); a tier without one prints without. */
  artwork: BadgeArtwork
}) {
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
  }, [badges, i18n.language, artwork])

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
            <Badge
              key={badge.registrationId}
              badge={badge}
              eventName={eventName}
              artwork={badgeArtworkFile(artwork, badge.tier)}
            />
          ))}
        </Box>
      ))}
    </Box>
  )
}

/** The tier's band at the head and foot of a badge: white text on the tier's colour. */
function bandStyle(tier: RegistrationTier, heightMm: number) {
  return {
    flex: 'none',
    height: `${heightMm}mm`,
    px: '3mm',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2mm',
    background: tierColours[tier],
    color: 'white',
    fontWeight: 700,
    whiteSpace: 'nowrap',
  } as const
}

/**
 * The badge name, set by the browser between phrases (`word-break: auto-phrase` reads Japanese with `lang`);
 * where the shared phrase component of packages/ui is available, it wraps the name here.
 */
function BadgeName({ name }: { name: string }) {
  return name
}

/** The file of a tier's picture, or none. */
function badgeArtworkFile(artwork: BadgeArtwork, tier: RegistrationTier): string | undefined {
  const key = artwork[tier]
  return key === undefined ? undefined : badgeArtworkFiles[key]
}

function Badge({
  badge,
  eventName,
  artwork,
}: {
  badge: BadgeData
  eventName: string | undefined
  artwork: string | undefined
}) {
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
      <Box sx={{ ...bandStyle(badge.tier, 10), fontSize: '3.4mm' }}>
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: '1.5mm', minWidth: 0 }}>
          {/* The festival's mark (decision 127); decorative, the event's name beside it says what it is. */}
          <img src="/favicon.svg" alt="" style={{ width: '7mm', height: '7mm', flex: 'none' }} />
          <Box component="span" data-badge-event sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {eventName}
          </Box>
        </Box>
        {badge.badgeNumber !== undefined && (
          <Box
            component="span"
            data-badge-number
            sx={{ fontSize: '5mm', fontVariantNumeric: 'tabular-nums' }}
          >
            {t('badges.number', { number: badge.badgeNumber })}
          </Box>
        )}
      </Box>
      <Box sx={{ flex: '1 1 auto', minHeight: 0, display: 'flex', alignItems: 'stretch' }}>
        {artwork !== undefined && (
          <Box
            component="img"
            src={artwork}
            alt=""
            data-badge-artwork
            sx={{ flex: 'none', width: '20mm', height: '100%', objectFit: 'contain', ml: '2mm' }}
          />
        )}
        <Box
          data-badge-name
          lang="ja"
          sx={{
            flex: '1 1 auto',
            minWidth: 0,
            mx: '3mm',
            my: '1mm',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            fontWeight: 700,
            lineHeight: 1.15,
            // Japanese breaks between phrases where the browser can tell them; long names wrap (between words
            // where there are any) before they shrink further.
            wordBreak: 'auto-phrase',
            overflowWrap: 'anywhere',
            overflow: 'hidden',
          }}
        >
          <BadgeName name={badge.badgeName} />
        </Box>
      </Box>
      <Box sx={{ ...bandStyle(badge.tier, 7), fontSize: '3.4mm' }}>
        <span data-badge-tier>{t(`domain:registrationTier.${badge.tier}`)}</span>
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: '2mm' }}>
          {hasSponsorMark(badge.tier) && <span data-sponsor-mark>{`★ ${t('badges.sponsorMark')}`}</span>}
          {/* A word in a white frame, so the add-on reads without colour, on any tier's band (decision 191). */}
          {badge.addonMarks.map((code) => (
            <Box
              component="span"
              key={code}
              data-badge-addon={code}
              sx={{ border: '0.3mm solid white', borderRadius: '1mm', px: '1mm', lineHeight: 1.3 }}
            >
              {t(`badges.addonMark.${code}`)}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  )
}
