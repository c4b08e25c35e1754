import { isLanguage, isSponsorBenefit, languageLocales } from '@furfes/core'
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
      <Box component="section" aria-labelledby="dashboard-goods">
        <Typography id="dashboard-goods" variant="h6" component="h2" gutterBottom>
          {t('dashboard.goods.heading')}
        </Typography>
        {figures.goods.length === 0 ? (
          <Typography>{t('dashboard.noData')}</Typography>
        ) : (
          <List dense disablePadding>
            {figures.goods.map((line) => (
              <ListItem key={`${line.goods} ${line.tShirtSize ?? ''}`} disableGutters>
                <ListItemText
                  primary={t('dashboard.goods.line', {
                    name: nameOf(line.goods, line.tShirtSize),
                    handed: number.format(line.handedOut),
                    expected: number.format(line.expected),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box component="section" aria-labelledby="dashboard-changing-rooms">
        <Typography id="dashboard-changing-rooms" variant="h6" component="h2" gutterBottom>
          {t('dashboard.goods.changingRooms')}
        </Typography>
        <List dense disablePadding>
          {figures.changingRooms.map((room) => (
            <ListItem key={room.changingRoomType} disableGutters>
              <ListItemText
                primary={t('dashboard.goods.changingRoom', {
                  room: t(`domain:changingRoomType.${room.changingRoomType}`),
                  count: room.paid,
                  paid: number.format(room.paid),
                })}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      {figures.addons.length > 0 && (
        <Box component="section" aria-labelledby="dashboard-addons">
          <Typography id="dashboard-addons" variant="h6" component="h2" gutterBottom>
            {t('dashboard.goods.addons')}
          </Typography>
          <List dense disablePadding>
            {figures.addons.map((addon) => (
              <ListItem key={addon.code} disableGutters>
                <ListItemText
                  primary={t('dashboard.goods.addon', {
                    name: i18n.language === 'en' ? addon.nameEn : addon.nameJa,
                    paid: number.format(addon.paid),
                    capacity: number.format(addon.capacity),
                    pending: number.format(addon.pending),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  )
}
