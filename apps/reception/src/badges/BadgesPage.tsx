import {
  type BadgePrintKind,
  badgeArtworkOrFestival,
  type RegistrationTier,
  registrationTiers,
} from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { EditionPicker } from '../editions/EditionPicker.tsx'
import { usePastEdition } from '../editions/past-edition.ts'
import { BadgeSheets, badgesPerSheet } from './BadgeSheets.tsx'
import { printedBadges } from './printed.ts'
import { selectBadges } from './select.ts'

/** A past edition's artwork while the list of editions is read: one object, so the names are not fitted again. */
const noArtwork = {}

/**
 * Badge sheets to print: every paid registration's badge, or one (`?registration=<id>`, from the participant
 * dialog), by tier and by whether a desk printed it already. The browser prints (decision 134); the printed marks
 * are every desk's, queued here and synced like check-ins (decision 170).
 */
export function BadgesPage() {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  // A past edition's badges can be printed again; its participants are read from the API (decision 158).
  const current = useReceptionSnapshot()
  const { edition, view: snapshot, error } = usePastEdition(current)
  // The device holds the current edition's name only: a past one's comes from the committee's list of editions.
  const { data: editions, error: editionsError } = useApiRead(
    (signal) => (edition === undefined ? Promise.resolve(undefined) : services.api.listEditions({ signal })),
    [services, edition],
  )
  const pastEdition = editions?.find((stored) => stored.edition.id === edition)?.edition
  const inEdition: Record<string, string> = edition === undefined ? {} : { edition }
  const printed = useMemo(
    () => (edition === undefined ? current.printedBadges : printedBadges(snapshot.participants, [])),
    [edition, current.printedBadges, snapshot.participants],
  )
  const [searchParams, setSearchParams] = useSearchParams()
  const registrationId = searchParams.get('registration') ?? undefined
  const [tier, setTier] = useState<RegistrationTier | 'all'>('all')
  const [notPrinted, setNotPrinted] = useState(false)
  const language = i18n.language === 'en' ? 'en' : 'ja'
  // The edition the badges are for names the event on them and holds their artwork (decision 211): the device's
  // current one, as last synced, so badges print offline; or the past one as the API lists it, with the artwork it
  // printed with (none until the list is read). A device that holds no artwork yet prints the festival's set,
  // which every edition printed before the artwork was a setting.
  const eventName = (edition === undefined ? current.edition?.name : pastEdition?.name)?.[language]
  const artwork =
    edition === undefined
      ? badgeArtworkOrFestival(current.edition?.badgeArtwork)
      : (pastEdition?.badgeArtwork ?? noArtwork)

  const badges = useMemo(
    () =>
      selectBadges(snapshot.participants, snapshot.checkInsByRegistration, printed, {
        tier,
        notPrinted,
        registrationId,
      }),
    [snapshot.participants, snapshot.checkInsByRegistration, printed, tier, notPrinted, registrationId],
  )
  const ids = badges.map((badge) => badge.registrationId)
  const printedIds = ids.filter((id) => printed.has(id))
  const reprints = badges.filter((badge) => badge.reprintNeeded)
  const single = registrationId !== undefined
  // The memory holds the mark at once; only the write to IndexedDB can fail, and that is reported.
  const record = (registrationIds: readonly string[], kind: BadgePrintKind) =>
    services.store
      .recordBadgePrints(registrationIds, kind)
      .catch((failure: unknown) => services.reportError(failure, { where: 'badge-marks', kind }))

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack spacing={2} sx={{ px: 2 }} data-print-hidden>
        <Typography variant="h5" component="h1">
          {phrase(t(single ? 'badges.headingSingle' : 'badges.heading'))}
        </Typography>
        <EditionPicker />
        <ErrorAlert error={error ?? editionsError} />
        {!single && (
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2, alignItems: 'center' }}>
            <FormControl sx={{ minWidth: 180 }}>
              <InputLabel id="badges-tier-label">{t('participants.filter.tier')}</InputLabel>
              <Select
                labelId="badges-tier-label"
                label={t('participants.filter.tier')}
                value={tier}
                onChange={(event) => setTier(event.target.value as RegistrationTier | 'all')}
              >
                <MenuItem value="all">{t('participants.filter.all')}</MenuItem>
                {registrationTiers.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`domain:registrationTier.${value}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControlLabel
              control={
                <Checkbox checked={notPrinted} onChange={(event) => setNotPrinted(event.target.checked)} />
              }
              label={t('badges.notPrinted')}
            />
          </Stack>
        )}
        <Typography role="status">
          {badges.length === 0
            ? t('badges.none')
            : t('badges.count', {
                count: badges.length,
                sheets: t('badges.sheetCount', { count: Math.ceil(badges.length / badgesPerSheet) }),
                perSheet: badgesPerSheet,
              })}
          {printedIds.length > 0 && ` ${t('badges.printedCount', { count: printedIds.length })}`}
        </Typography>
        {reprints.length > 0 && (
          <Alert severity="warning">
            {t('badges.reprintNeeded', {
              count: reprints.length,
              names: reprints.map((badge) => badge.badgeName).join(t('badges.nameSeparator')),
            })}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <Button variant="contained" onClick={() => window.print()} disabled={badges.length === 0}>
            {phrase(t('badges.print'))}
          </Button>
          <Button variant="outlined" onClick={() => void record(ids, 'mark')} disabled={badges.length === 0}>
            {phrase(t('badges.markPrinted', { count: badges.length }))}
          </Button>
          {printedIds.length > 0 && (
            <Button onClick={() => void record(printedIds, 'unmark')}>
              {phrase(t('badges.unmarkPrinted', { count: printedIds.length }))}
            </Button>
          )}
          {single ? (
            <Button onClick={() => setSearchParams(inEdition)}>{phrase(t('badges.showAll'))}</Button>
          ) : (
            <Button href={`/${language}/admin?${new URLSearchParams(inEdition)}`}>
              {phrase(t('badges.back'))}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('badges.printHint')}
        </Typography>
      </Stack>
      {badges.length > 0 && (
        <BadgeSheets badges={badges} label={t('badges.sheets')} eventName={eventName} artwork={artwork} />
      )}
    </Stack>
  )
}
