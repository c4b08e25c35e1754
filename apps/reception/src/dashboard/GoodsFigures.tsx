import { isLanguage, isSponsorBenefit, languageLocales } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import type { DashboardFigures } from './figures.ts'

/**
 * The goods at the door (docs/decisions/180-goods-handed-out.md): per line, how many paid participants were
 * handed it of those owed it, the T-shirts per size; the paid participants per changing room; and each add-on's
 * places paid and held of its capacity (decision 178).
 */
export function GoodsFigures({ figures }: { figures: DashboardFigures }) {
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const number = new Intl.NumberFormat(languageLocales[isLanguage(i18n.language) ? i18n.language : 'ja'])
  const nameOf = (goods: string, size: string | undefined) => {
    if (goods === 'tShirt') return t('dashboard.goods.tShirts', { size: size ?? t('dashboard.unknown') })
    return isSponsorBenefit(goods) ? t(`domain:sponsorBenefit.${goods}`) : goods
  }
  return (
    <>
      <FigureSection
        id="dashboard-goods"
        heading={t('dashboard.goods.heading')}
        empty={t('dashboard.noData')}
        lines={figures.goods.map((line) => ({
          key: `${line.goods} ${line.tShirtSize ?? ''}`,
          text: t('dashboard.goods.line', {
            name: nameOf(line.goods, line.tShirtSize),
            handed: number.format(line.handedOut),
            expected: number.format(line.expected),
          }),
        }))}
      />
      <FigureSection
        id="dashboard-changing-rooms"
        heading={t('dashboard.goods.changingRooms')}
        lines={figures.changingRooms.map((room) => ({
          key: room.changingRoomType,
          text: t('dashboard.goods.changingRoom', {
            room: t(`domain:changingRoomType.${room.changingRoomType}`),
            count: room.paid,
            paid: number.format(room.paid),
          }),
        }))}
      />
      {figures.addons.length > 0 && (
        <FigureSection
          id="dashboard-addons"
          heading={t('dashboard.goods.addons')}
          lines={figures.addons.map((addon) => ({
            key: addon.code,
            text: t('dashboard.goods.addon', {
              name: i18n.language === 'en' ? addon.nameEn : addon.nameJa,
              paid: number.format(addon.paid),
              capacity: number.format(addon.capacity),
              pending: number.format(addon.pending),
            }),
          }))}
        />
      )}
    </>
  )
}

/** A headed section of figures, one line each; `empty` is said when there is no line. */
function FigureSection({
  id,
  heading,
  lines,
  empty,
}: {
  id: string
  heading: string
  lines: { key: string; text: string }[]
  empty?: string
}) {
  const phrase = usePhrases()
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {phrase(heading)}
      </Typography>
      {lines.length === 0 && empty !== undefined ? (
        <Typography>{empty}</Typography>
      ) : (
        <List dense disablePadding>
          {lines.map((line) => (
            <ListItem key={line.key} disableGutters>
              <ListItemText primary={line.text} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  )
}
