import { type DashboardCheckInSlot, type DashboardDay, registrationTiers } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Box, Typography } from '@mui/material'
import { BarChart } from '@mui/x-charts/BarChart'
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine'
import { LineChart } from '@mui/x-charts/LineChart'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { chartLabelColour, chartPalette } from './palette.ts'

/*
 * The charts of the Dashboard tab, with MUI X Charts (decision 131). Each sits in a figure named by its
 * heading; an empty one says so in words instead of drawing empty axes.
 */

function ChartFigure(props: { title: string; empty: boolean; children: React.ReactNode }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const id = useId()
  return (
    <Box component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {phrase(props.title)}
      </Typography>
      {props.empty ? <Typography color="text.secondary">{t('dashboard.noData')}</Typography> : props.children}
    </Box>
  )
}

/** Roughly how wide a label is drawn at the chart's body size: a full-width character twice a Latin one. */
function labelWidthPx(text: string): number {
  let width = 0
  for (const character of text) width += (character.codePointAt(0) ?? 0) < 0x250 ? 8 : 14
  return width
}

/**
 * The label a bar part carries: its series' name and count where they fit, else the count alone, else nothing
 * (the legend and the tooltip still name it). Staff who cannot tell the colours apart read the parts by name.
 */
export function barPartLabel(name: string, value: number | null, bar: { width: number; height: number }) {
  if (value === null || value === 0 || bar.height < 16) return null
  const full = `${name} ${value}`
  if (labelWidthPx(full) + 4 <= bar.width) return full
  return labelWidthPx(String(value)) + 4 <= bar.width ? String(value) : null
}

/**
 * Counts per band (a day, a time slot) as bars, each band's parts (tiers, devices) stacked in one bar with a
 * colour a part, in a figure that says when there is nothing to draw.
 */
function StackedCountsChart(props: {
  title: string
  /** A row per band; none draws no axes but says there is no data. */
  dataset: Record<string, string | number>[]
  band: { dataKey: string; label: string }
  countLabel: string
  series: readonly { dataKey: string; label: string }[]
}) {
  const names = new Map(props.series.map((series) => [series.dataKey, series.label]))
  return (
    <ChartFigure title={props.title} empty={props.dataset.length === 0}>
      <BarChart
        height={280}
        dataset={props.dataset}
        xAxis={[{ scaleType: 'band', ...props.band }]}
        yAxis={[{ label: props.countLabel, tickMinStep: 1 }]}
        colors={[...chartPalette]}
        series={props.series.map((series) => ({
          ...series,
          id: series.dataKey,
          stack: 'parts',
          barLabel: (item, context) =>
            barPartLabel(names.get(String(item.seriesId)) ?? '', item.value, context.bar),
        }))}
        slotProps={{ barLabel: { style: { fill: chartLabelColour, fontWeight: 700 } } }}
      />
    </ChartFigure>
  )
}

/** Registrations paid per day in Japan, one stacked bar per day, a colour per tier. */
export function RegistrationsPerDayChart({ days }: { days: readonly DashboardDay[] }) {
  const { t } = useTranslation(['reception', 'domain'])
  const dates = [...new Set(days.map((day) => day.date))].sort()
  const dataset = dates.map((date) => {
    const row: Record<string, string | number> = { date }
    for (const tier of registrationTiers) row[tier] = 0
    for (const day of days) if (day.date === date) row[day.registrationTier] = day.registrations
    return row
  })
  return (
    <StackedCountsChart
      title={t('dashboard.perDay')}
      dataset={dataset}
      band={{ dataKey: 'date', label: t('dashboard.axis.date') }}
      countLabel={t('dashboard.axis.registrations')}
      series={registrationTiers.map((tier) => ({
        dataKey: tier,
        label: t(`domain:registrationTier.${tier}`),
      }))}
    />
  )
}

const slotTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** Check-ins per 10 minutes (Japan time of the slot's start), a colour per device. */
export function CheckInsPerSlotChart({ slots }: { slots: readonly DashboardCheckInSlot[] }) {
  const { t } = useTranslation('reception')
  const starts = [...new Set(slots.map((slot) => slot.slotStart))].sort((a, b) => a - b)
  const devices = [...new Map(slots.map((slot) => [slot.deviceId, slot.deviceName ?? slot.deviceId]))]
  const dataset = starts.map((slotStart) => {
    const row: Record<string, string | number> = { slot: slotTime.format(slotStart) }
    devices.forEach(([deviceId], index) => {
      row[`d${index}`] =
        slots.find((slot) => slot.slotStart === slotStart && slot.deviceId === deviceId)?.checkIns ?? 0
    })
    return row
  })
  return (
    <StackedCountsChart
      title={t('dashboard.perSlot')}
      dataset={dataset}
      band={{ dataKey: 'slot', label: t('dashboard.axis.slot') }}
      countLabel={t('dashboard.axis.checkIns')}
      series={devices.map(([, name], index) => ({ dataKey: `d${index}`, label: name }))}
    />
  )
}

/** Arrivals so far, slot by slot, against the people expected (the paid registrations). */
export function ArrivalsAgainstExpectedChart(props: {
  slots: readonly DashboardCheckInSlot[]
  expected: number
}) {
  const { t } = useTranslation('reception')
  const starts = [...new Set(props.slots.map((slot) => slot.slotStart))].sort((a, b) => a - b)
  let sum = 0
  const dataset = starts.map((slotStart) => {
    for (const slot of props.slots) if (slot.slotStart === slotStart) sum += slot.checkIns
    return { slot: slotTime.format(slotStart), arrived: sum }
  })
  return (
    <ChartFigure title={t('dashboard.arrivals')} empty={props.slots.length === 0}>
      <LineChart
        height={240}
        colors={[...chartPalette]}
        dataset={dataset}
        xAxis={[{ scaleType: 'point', dataKey: 'slot', label: t('dashboard.axis.slot') }]}
        yAxis={[{ label: t('dashboard.axis.checkIns'), min: 0, max: Math.max(props.expected, sum, 1) }]}
        series={[{ dataKey: 'arrived', label: t('dashboard.arrived') }]}
      >
        <ChartsReferenceLine y={props.expected} label={t('dashboard.expected', { count: props.expected })} />
      </LineChart>
    </ChartFigure>
  )
}
