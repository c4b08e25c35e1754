import {
  badgeArtworkKeys,
  type Edition,
  type EditionChange,
  type EditionFormValues,
  editionFormSchema,
  editionFormValues,
  editionPhase,
  formatInstant,
  formatList,
  isLanguage,
  type Language,
  registrationTiers,
  type StoredEditionView,
} from '@furfes/core'
import { ConfirmDialog, ErrorAlert, usePhrases } from '@furfes/ui'
import { FormTextField, RadioField, SchemaForm, useZodForm, type ZodForm } from '@furfes/ui/forms'
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { badgeArtworkFiles } from '../badges/artwork.ts'

/*
 * The committee's edition settings (docs/decisions/155-editions.md): the current edition, or a draft of the next
 * one, as a form checked as it is typed by core's edition rules; a preview of what the public site will say; a
 * save on the version it was read at, so two people editing never overwrite each other silently.
 */

/** The form's sections, each the fields whose path starts with one of its names. */
const sections = [
  ['event', ['id', 'name', 'eventDate', 'startTime', 'endTime', 'publicPlace', 'expectedParticipants']],
  ['sales', ['registration', 'tiers', 'checkoutMinutes', 'offerHours']],
  ['refunds', ['refundPolicy']],
  [
    'schedule',
    [
      'clubActivityApplication',
      'discordInvitationsBy',
      'clubActivityPreparation',
      'journalismClubSubmissions',
      'deadline',
    ],
  ],
  ['venue', ['venue']],
  ['links', ['links']],
  ['privacy', ['retentionDays']],
  ['badges', ['badgeArtwork']],
] as const

/** A tier's artwork choices: none (empty), then each bundled picture (decision 211). */
const artworkChoices = ['', ...badgeArtworkKeys] as const

const dateField = /(Date|On|Until|By|deadline|\.from|\.to)$/
const timeField = /(Time)$/
const numberField = /(priceJpy|capacity|Percent|Minutes|Hours|Participants|Days)$/

export function EditionPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const {
    data: editions,
    error,
    reload,
  } = useApiRead((signal) => services.api.listEditions({ signal }), [services])
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const [actionError, setActionError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  /** The draft waiting for the committee's yes in the confirmation dialog. */
  const [publishing, setPublishing] = useState<StoredEditionView | undefined>(undefined)
  const shown =
    editions?.find((entry) => entry.edition.id === chosen) ?? editions?.find((entry) => entry.current)
  const hasDraft = editions?.some((entry) => entry.status === 'draft') ?? false

  const act = async (action: () => Promise<StoredEditionView>, message: string) => {
    setBusy(true)
    setActionError(undefined)
    try {
      const stored = await action()
      setChosen(stored.edition.id)
      setPublishing(undefined)
      services.notifications.notify(message, 'success')
      reload()
    } catch (failure) {
      setActionError(failure)
    } finally {
      setBusy(false)
    }
  }

  const publish = (stored: StoredEditionView) =>
    void act(
      () => services.api.publishEdition(stored.edition.id, stored.version),
      t('edition.published', { id: stored.edition.id }),
    )

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('edition.heading'))}
      </Typography>
      <Typography>{t('edition.lead')}</Typography>
      {/* While the dialog is open, its request's error shows inside it. */}
      <ErrorAlert error={error ?? (publishing ? undefined : actionError)} />
      {!editions && !error && <Typography role="status">{t('edition.loading')}</Typography>}
      {editions && shown && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <TextField
              select
              label={t('edition.choose')}
              value={shown.edition.id}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ minWidth: 280 }}
            >
              {editions.map((entry) => (
                <MenuItem key={entry.edition.id} value={entry.edition.id}>
                  {`${entry.edition.id} · ${t(entry.current ? 'edition.current' : `edition.status.${entry.status}`)}`}
                </MenuItem>
              ))}
            </TextField>
            {!hasDraft && (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => void act(() => services.api.prepareNextEdition(), t('edition.prepared'))}
              >
                {phrase(t('edition.prepareNext'))}
              </Button>
            )}
            {shown.status === 'draft' && (
              <Button
                variant="contained"
                color="warning"
                disabled={busy}
                onClick={() => {
                  setActionError(undefined)
                  setPublishing(shown)
                }}
              >
                {phrase(t('edition.publish'))}
              </Button>
            )}
          </Stack>
          <EditionForm
            key={`${shown.edition.id}-${shown.version}`}
            stored={shown}
            onSaved={(stored) => {
              setChosen(stored.edition.id)
              reload()
            }}
          />
          <History key={`history-${shown.edition.id}-${shown.version}`} editionId={shown.edition.id} />
        </>
      )}
      <ConfirmDialog
        id="edition-publish-confirm"
        open={publishing !== undefined}
        title={t('edition.publishTitle')}
        consequence={t('edition.publishConfirm', { name: publishing?.edition.name.ja ?? '' })}
        keepLabel={t('edition.keep')}
        confirmLabel={t('edition.publishAction')}
        busy={busy}
        error={publishing ? actionError : undefined}
        onKeep={() => setPublishing(undefined)}
        onConfirm={() => publishing && publish(publishing)}
      />
    </Stack>
  )
}

/** The label of a field from its path: its names in order, then its language (`name.ja`). */
function useFieldLabel() {
  const { t } = useTranslation(['reception', 'domain'])
  return (path: string) => {
    const names = path.split('.')
    const language = names.at(-1)
    const words = (language === 'ja' || language === 'en' ? names.slice(0, -1) : names)
      .filter((name) => name !== 'tiers' && name !== 'links')
      .map((name) =>
        (registrationTiers as readonly string[]).includes(name)
          ? t(`domain:registrationTier.${name}`)
          : t(`edition.field.${name}`),
      )
    const label = words.join(' · ')
    return language === 'ja' || language === 'en' ? `${label} (${t(`edition.language.${language}`)})` : label
  }
}

function EditionForm(props: { stored: StoredEditionView; onSaved: (stored: StoredEditionView) => void }) {
  const { t } = useTranslation('reception')
  const services = useServices()
  const form = useZodForm<EditionFormValues, Edition>(
    editionFormSchema,
    editionFormValues(props.stored.edition),
  )
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  const parsed = editionFormSchema.safeParse(form.values)
  // A past edition is the record of an event held: shown, not changed (decisions 211, 214).
  const past = props.stored.status === 'published' && !props.stored.current

  const fields = <EditionFields form={form} past={past} />

  const save = async (edition: Edition) => {
    setBusy(true)
    setError(undefined)
    try {
      const saved = await services.api.saveEdition(edition, props.stored.version)
      services.notifications.notify(t('edition.saved'), 'success')
      props.onSaved(saved)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack spacing={2}>
      {parsed.success && <Preview edition={parsed.data} past={past} />}
      {past ? (
        <>
          <Alert severity="info">{t('edition.pastReadOnly')}</Alert>
          {fields}
        </>
      ) : (
        <SchemaForm
          form={form}
          onValid={(edition) => void save(edition)}
          error={error}
          busy={busy}
          submitLabel={t('edition.save')}
        >
          {fields}
        </SchemaForm>
      )}
    </Stack>
  )
}

/** The edition's settings as fields, section by section; all of them disabled for a past edition. */
function EditionFields({ form, past }: { form: ZodForm<EditionFormValues, Edition>; past: boolean }) {
  const { t } = useTranslation('reception')
  const label = useFieldLabel()
  const paths = Object.keys(form.values)
  return (
    <>
      {sections.map(([section, roots]) => (
        <Card key={section} component="fieldset" sx={{ border: 'none', p: 0, m: 0 }}>
          <CardContent>
            <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
              {t(`edition.section.${section}`)}
            </Typography>
            <Stack spacing={2}>
              {paths
                .filter((path) => (roots as readonly string[]).includes(path.split('.')[0] ?? ''))
                .map((path) => {
                  const value = form.values[path]
                  if (path.startsWith('badgeArtwork.')) {
                    return (
                      <RadioField
                        key={path}
                        form={form}
                        name={path}
                        legend={label(path)}
                        options={artworkChoices}
                        optionLabel={(choice) => <ArtworkChoice choice={choice} />}
                        row
                        disabled={past}
                      />
                    )
                  }
                  if (typeof value === 'boolean') {
                    return (
                      <FormControlLabel
                        key={path}
                        control={
                          <Switch
                            checked={value}
                            disabled={past}
                            onChange={(_, checked) => form.setValue(path, checked)}
                          />
                        }
                        label={label(path)}
                      />
                    )
                  }
                  return (
                    <FormTextField
                      key={path}
                      form={form}
                      name={path}
                      label={label(path)}
                      required={false}
                      disabled={past || path === 'id'}
                      {...(numberField.test(path)
                        ? { inputMode: 'numeric' as const }
                        : timeField.test(path)
                          ? { type: 'time' }
                          : dateField.test(path)
                            ? { type: 'date' }
                            : {})}
                    />
                  )
                })}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </>
  )
}

/** One artwork choice: the picture small beside its name (decorative: the name says which), or none. */
function ArtworkChoice({ choice }: { choice: (typeof artworkChoices)[number] }) {
  const { t } = useTranslation('reception')
  if (choice === '') return t('edition.artwork.none')
  return (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
      <img src={badgeArtworkFiles[choice]} alt="" style={{ width: 21, height: 40 }} />
      <span>{t(`edition.artwork.key.${choice}`)}</span>
    </Stack>
  )
}

/**
 * What the public site will say of the edition as typed: its date, place, prices and whether it is on sale. A past
 * edition is no longer on the site, whatever its own dates would make of it today.
 */
function Preview({ edition, past }: { edition: Edition; past: boolean }) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const { lang = 'ja' } = useParams()
  const language: Language = isLanguage(lang) ? lang : 'ja'
  const phase = editionPhase(edition, services.clock())
  const yen = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'JPY' })
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'Asia/Tokyo' }).format(
    new Date(`${edition.eventDate}T12:00:00+09:00`),
  )
  return (
    <Card variant="outlined" component="section" aria-labelledby="edition-preview">
      <CardContent>
        <Typography id="edition-preview" variant="h6" component="h2">
          {phrase(t(past ? 'edition.previewPast' : 'edition.preview'))}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {edition.name[language]}
        </Typography>
        <Typography>
          {t('edition.previewWhen', {
            date,
            start: edition.startTime,
            end: edition.endTime,
            place: edition.publicPlace[language],
          })}
        </Typography>
        <Typography>{t(past ? 'edition.phase.replaced' : `edition.phase.${phase}`)}</Typography>
        <Stack component="ul" sx={{ pl: 2.5, my: 1 }}>
          {registrationTiers.map((tier) => (
            <li key={tier}>
              {`${t(`domain:registrationTier.${tier}`)}: ${yen.format(edition.tiers[tier].priceJpy)}`}
              {edition.tiers[tier].onSale ? '' : ` (${t('edition.offSale')})`}
            </li>
          ))}
        </Stack>
      </CardContent>
    </Card>
  )
}

/** The fields a change touched, by their form paths, so the history says what moved. */
function changedFields(change: EditionChange): string[] {
  if (!change.before) return []
  const before = editionFormValues(change.before)
  const after = editionFormValues(change.after)
  return Object.keys(after).filter((path) => before[path] !== after[path])
}

/** Who changed the edition, when, and which fields: its recorded history, newest first (decision 155). */
function History({ editionId }: { editionId: string }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const label = useFieldLabel()
  const { lang = 'ja' } = useParams()
  const language: Language = isLanguage(lang) ? lang : 'ja'
  const history = useApiRead(
    (signal) => services.api.listEditionChanges(editionId, { signal }),
    [services, editionId],
  )

  return (
    <Card variant="outlined" component="section" aria-labelledby="edition-history">
      <CardContent>
        <Typography id="edition-history" variant="h6" component="h2">
          {phrase(t('edition.history.heading'))}
        </Typography>
        <ErrorAlert error={history.error} />
        <List dense>
          {[...(history.data ?? [])].reverse().map((change) => {
            const fields = changedFields(change)
            return (
              <ListItem key={`${change.changedAt}-${change.action}`} disableGutters>
                <ListItemText
                  primary={t('edition.history.entry', {
                    time: formatInstant(change.changedAt, language),
                    action: t(`edition.history.action.${change.action}`),
                    who: change.staffUserId ?? t('edition.history.configuration'),
                  })}
                  secondary={fields.length > 0 ? formatList(fields.map(label), language) : undefined}
                />
              </ListItem>
            )
          })}
        </List>
      </CardContent>
    </Card>
  )
}
