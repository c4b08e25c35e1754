import { isLanguage, isSponsorBenefit, languageLocales } from '@furfes/core'
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import type { DashboardFigures } from './figures.ts'

/**
 * The goods at the door (docs/decisions/180-goods-handed-out.md): per line, how many paid participants were
 * handed it of those owed it, the T-shirts per size; and the paid participants per changing room.
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
    </>
  )
}
