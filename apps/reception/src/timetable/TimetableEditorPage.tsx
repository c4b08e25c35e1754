import {
  type AdminTimetable,
  breakpoints,
  type CalendarDate,
  formatJapanDateTime,
  mobileLayoutBelow,
  type TimetableSession,
  type TimetableSessionFormValues,
  timetableSessionFormSchema,
  timetableSessionFormValues,
  timetableTags,
} from '@furfes/core'
import { ConfirmDialog, ErrorAlert, scrollShadows, usePhrases } from '@furfes/ui'
import { FormTextField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material'
import { type ChangeEvent, Fragment, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { type CsvMistake, readTimetableCsv, timetableCsv } from './csv.ts'

/*
 * The committee's timetable editor (docs/decisions/172-timetable-as-data.md): the current edition's draft as a
 * table, a form to add or change a session, the spreadsheet out and in, publication of the draft as previewed,
 * and the published versions. Every change saves the whole draft over the revision it was read at.
 */

type Editing = { kind: 'new' } | { kind: 'session'; session: TimetableSession } | undefined

/** What waits for the committee's yes in the confirmation dialog. */
type Pending = { kind: 'publish' } | { kind: 'remove'; session: TimetableSession } | undefined

export function TimetableEditorPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const { data, error, reload } = useApiRead(
    async (signal) => {
      const { edition } = await services.api.getEdition({ signal })
      const timetable = await services.api.getTimetable(edition.id, { signal })
      return { eventDate: edition.eventDate, timetable }
    },
    [services],
  )
  // The draft and the versions name the staff member by their account id; the committee knows one another by
  // e-mail address, which the staff list (theirs to read) gives. Until it answers, or if it cannot, the id shows.
  const staff = useApiRead((signal) => services.api.listStaff({ signal }), [services])
  const staffName = (user: string | null) =>
    user === null
      ? t('timetable.seeded')
      : (staff.data?.find((member) => member.user === user)?.email ?? user)
  const [editing, setEditing] = useState<Editing>(undefined)
  const [actionError, setActionError] = useState<unknown>(undefined)
  const [mistakes, setMistakes] = useState<CsvMistake[]>([])
  const [busy, setBusy] = useState(false)
  const [pending, setPending] = useState<Pending>(undefined)
  const fileInput = useRef<HTMLInputElement>(null)

  const act = async (action: () => Promise<AdminTimetable>, message: string) => {
    setBusy(true)
    setActionError(undefined)
    try {
      await action()
      services.notifications.notify(message, 'success')
      setEditing(undefined)
      setPending(undefined)
      reload()
      return true
    } catch (failure) {
      setActionError(failure)
      return false
    } finally {
      setBusy(false)
    }
  }

  if (!data) {
    return (
      <Stack spacing={2} sx={{ p: 2, maxWidth: 1100 }}>
        <Typography variant="h5" component="h1">
          {phrase(t('timetable.heading'))}
        </Typography>
        <ErrorAlert error={error} />
        {!error && <Typography role="status">{t('timetable.loading')}</Typography>}
      </Stack>
    )
  }

  const { timetable, eventDate } = data
  const { draft, editionId } = timetable
  const save = (sessions: readonly TimetableSession[], message: string) =>
    act(() => services.api.saveTimetable(editionId, sessions, draft.revision), message)

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setMistakes([])
    const read = readTimetableCsv(await file.text())
    if ('mistakes' in read) {
      setMistakes(read.mistakes)
      return
    }
    await save(read.sessions, t('timetable.imported', { count: read.sessions.length }))
  }

  const confirmPending = () => {
    if (pending?.kind === 'publish') {
      void act(() => services.api.publishTimetable(editionId, draft.revision), t('timetable.publishedNotice'))
    } else if (pending?.kind === 'remove') {
      const { session } = pending
      void save(
        draft.sessions.filter((item) => item.id !== session.id),
        t('timetable.removed'),
      )
    }
  }

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('timetable.heading'))}
      </Typography>
      <Typography>{t('timetable.lead', { edition: editionId })}</Typography>
      {/* While the dialog is open, its request's error shows inside it. */}
      <ErrorAlert error={pending ? undefined : actionError} />
      <ErrorAlert error={staff.error} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => setEditing({ kind: 'new' })}>
          {phrase(t('timetable.add'))}
        </Button>
        <Button
          variant="outlined"
          onClick={() => services.download(timetableCsv(draft.sessions), `timetable-${editionId}.csv`)}
        >
          {phrase(t('timetable.export'))}
        </Button>
        {/* A real button opens the file chooser, so the import is reached and pressed from the keyboard. */}
        <Button variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()}>
          {phrase(t('timetable.import'))}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label={t('timetable.import')}
          hidden
          onChange={(event) => void importFile(event)}
        />
        <Button
          variant="contained"
          color="warning"
          disabled={busy || draft.revision === 0}
          onClick={() => {
            setActionError(undefined)
            setPending({ kind: 'publish' })
          }}
        >
          {phrase(t('timetable.publish'))}
        </Button>
      </Stack>
      <CsvMistakes mistakes={mistakes} />
      {editing && (
        <SessionForm
          key={editing.kind === 'new' ? 'new' : editing.session.id}
          session={editing.kind === 'new' ? undefined : editing.session}
          eventDate={eventDate}
          otherIds={draft.sessions
            .filter((session) => editing.kind === 'new' || session.id !== editing.session.id)
            .map((session) => session.id)}
          busy={busy}
          onCancel={() => setEditing(undefined)}
          onValid={(session) => {
            const others = draft.sessions.filter(
              (item) => editing.kind === 'new' || item.id !== editing.session.id,
            )
            void save([...others, session], t('timetable.saved'))
          }}
        />
      )}
      <DraftTable
        timetable={timetable}
        staffName={staffName}
        busy={busy}
        onEdit={(session) => setEditing({ kind: 'session', session })}
        onRemove={(session) => {
          setActionError(undefined)
          setPending({ kind: 'remove', session })
        }}
      />
      <Versions timetable={timetable} staffName={staffName} />
      <ConfirmDialog
        id="timetable-confirm"
        open={pending !== undefined}
        title={pending?.kind === 'remove' ? t('timetable.removeTitle') : t('timetable.publishTitle')}
        consequence={
          pending?.kind === 'remove'
            ? t('timetable.removeConfirm', { title: pending.session.title.ja })
            : t('timetable.publishConfirm', { count: draft.sessions.length })
        }
        keepLabel={t('timetable.keep')}
        confirmLabel={pending?.kind === 'remove' ? t('timetable.remove') : t('timetable.publishAction')}
        destructive={pending?.kind === 'remove'}
        busy={busy}
        error={pending ? actionError : undefined}
        onKeep={() => setPending(undefined)}
        onConfirm={confirmPending}
      />
    </Stack>
  )
}

/** The mistakes of a refused file, each with its row and column; the file changed nothing. */
function CsvMistakes({ mistakes }: { mistakes: CsvMistake[] }) {
  const { t } = useTranslation(['reception', 'errors'])
  if (mistakes.length === 0) return null
  return (
    <Alert severity="error">
      <Typography>{t('timetable.importRefused', { count: mistakes.length })}</Typography>
      <ul>
        {mistakes.map((mistake) => (
          <li key={`${mistake.row}-${mistake.column}-${mistake.message}`}>
            {t(mistake.column ? 'timetable.mistakeAt' : 'timetable.mistakeRow', {
              row: mistake.row,
              column: mistake.column,
              message: t(mistake.message, { ns: 'errors', ...mistake.values }),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  )
}

function SessionForm(props: {
  session: TimetableSession | undefined
  eventDate: CalendarDate
  otherIds: string[]
  busy: boolean
  onCancel: () => void
  onValid: (session: TimetableSession) => void
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const [schema] = useState(() => timetableSessionFormSchema(props.otherIds))
  const form = useZodForm<TimetableSessionFormValues, TimetableSession>(
    schema,
    timetableSessionFormValues(props.session, props.eventDate),
  )
  const text = (
    name: string,
    options: { hint?: string; required?: boolean; multiline?: boolean; autoFocus?: boolean } = {},
  ) => (
    <FormTextField
      form={form}
      name={name}
      label={t(`timetable.field.${name}`)}
      required={options.required ?? true}
      {...(options.hint ? { hint: options.hint } : {})}
      {...(options.autoFocus ? { autoFocus: true } : {})}
      {...(options.multiline ? { multiline: true, minRows: 2 } : {})}
    />
  )
  return (
    <Card component="section" aria-labelledby="timetable-session-form">
      <CardContent>
        <Typography id="timetable-session-form" variant="h6" component="h2" sx={{ mb: 2 }}>
          {props.session
            ? t('timetable.editHeading', { title: props.session.title.ja })
            : t('timetable.addHeading')}
        </Typography>
        <SchemaForm
          form={form}
          onValid={props.onValid}
          busy={props.busy}
          submitLabel={t('timetable.saveSession')}
          labelledBy="timetable-session-form"
        >
          {/* The form opens above the draft: whoever pressed Add or Change in a row starts typing in it. */}
          {text('id', { hint: t('timetable.idHint'), autoFocus: true })}
          {text('startsAt', { hint: t('timetable.timeHint') })}
          {text('endsAt', { hint: t('timetable.timeHint') })}
          {text('stage.ja')}
          {text('stage.en')}
          {text('title.ja')}
          {text('title.en')}
          {text('description.ja', { required: false, multiline: true })}
          {text('description.en', { required: false, multiline: true })}
          {text('notes.ja', { required: false })}
          {text('notes.en', { required: false })}
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('timetable.field.tags')}</FormLabel>
            <FormGroup row>
              {timetableTags.map((tag) => (
                <FormControlLabel
                  key={tag}
                  control={
                    <Checkbox
                      checked={form.values[`tags.${tag}`] === true}
                      onChange={(_, checked) => form.setValue(`tags.${tag}`, checked)}
                    />
                  }
                  label={t(`timetable.tag.${tag}`)}
                />
              ))}
            </FormGroup>
          </FormControl>
        </SchemaForm>
        <Button sx={{ mt: 1 }} onClick={props.onCancel}>
          {phrase(t('timetable.cancel'))}
        </Button>
      </CardContent>
    </Card>
  )
}

/** What a draft session's row or card offers: change it, or remove it after a confirmation. */
interface SessionActions {
  busy: boolean
  onEdit: (session: TimetableSession) => void
  onRemove: (session: TimetableSession) => void
}

/**
 * The draft as it will be published: every session by start time, with its stage, titles and tags. A table from
 * tablet width up; on a phone, where five columns leave the titles a word a line, one card per session holding
 * the same facts and the same two buttons, in the same order for the keyboard (LOOK-6 in docs/requirements.md).
 */
function DraftTable(
  props: SessionActions & { timetable: AdminTimetable; staffName: (user: string | null) => string },
) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down(breakpoints[mobileLayoutBelow]))
  const { draft } = props.timetable
  return (
    <Card component="section" aria-labelledby="timetable-draft">
      <CardContent>
        <Typography id="timetable-draft" variant="h6" component="h2">
          {phrase(t('timetable.draftHeading'))}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {draft.updatedAt === null
            ? t('timetable.draftEmpty')
            : t('timetable.draftSaved', {
                at: formatJapanDateTime(draft.updatedAt),
                by: props.staffName(draft.updatedBy),
                count: draft.sessions.length,
              })}
        </Typography>
        {draft.sessions.length > 0 &&
          (phone ? (
            <Stack
              component="ul"
              spacing={1}
              aria-labelledby="timetable-draft"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {draft.sessions.map((session) => (
                <SessionCard key={session.id} session={session} {...props} />
              ))}
            </Stack>
          ) : (
            // The table scrolls sideways inside the card if it must.
            <TableContainer sx={scrollShadows('paper')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('timetable.column.time')}</TableCell>
                    <TableCell>{t('timetable.column.stage')}</TableCell>
                    <TableCell>{t('timetable.column.title')}</TableCell>
                    <TableCell>{t('timetable.column.tags')}</TableCell>
                    <TableCell>{t('timetable.column.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {draft.sessions.map((session) => (
                    <TableRow key={session.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sessionTime(session)}</TableCell>
                      <TableCell>{bothLanguages(session.stage)}</TableCell>
                      <TableCell>{bothLanguages(session.title)}</TableCell>
                      <TableCell>{session.tags.map((tag) => t(`timetable.tag.${tag}`)).join(', ')}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <SessionButtons session={session} {...props} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
      </CardContent>
    </Card>
  )
}

/** A session's start and end, Japan time. */
const sessionTime = (session: TimetableSession) =>
  `${formatJapanDateTime(session.startsAt).slice(11)}–${formatJapanDateTime(session.endsAt).slice(11)}`

const bothLanguages = (text: { ja: string; en: string }) => `${text.ja} / ${text.en}`

/** One session on a phone: its title as a heading, the table's other columns as labelled lines, its buttons. */
function SessionCard(props: SessionActions & { session: TimetableSession }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { session } = props
  const facts = [
    { label: t('timetable.column.time'), value: sessionTime(session) },
    { label: t('timetable.column.stage'), value: bothLanguages(session.stage) },
    {
      label: t('timetable.column.tags'),
      value: session.tags.map((tag) => t(`timetable.tag.${tag}`)).join(', '),
    },
  ].filter((fact) => fact.value !== '')
  return (
    <Box
      component="li"
      data-timetable-session={session.id}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {phrase(bothLanguages(session.title))}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, m: 0, mb: 1 }}
      >
        {facts.map((fact) => (
          <Fragment key={fact.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {fact.value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <SessionButtons {...props} />
      </Stack>
    </Box>
  )
}

/** Change and Remove, each named with the session's title for a screen reader. */
function SessionButtons({ session, busy, onEdit, onRemove }: SessionActions & { session: TimetableSession }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  return (
    <>
      <Button
        size="small"
        disabled={busy}
        onClick={() => onEdit(session)}
        aria-label={t('timetable.editLabel', { title: session.title.ja })}
      >
        {phrase(t('timetable.edit'))}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={() => onRemove(session)}
        aria-label={t('timetable.removeLabel', { title: session.title.ja })}
      >
        {phrase(t('timetable.remove'))}
      </Button>
    </>
  )
}

/** Every published version, the latest first: when, by whom, how many sessions. */
function Versions({
  timetable,
  staffName,
}: {
  timetable: AdminTimetable
  staffName: (user: string | null) => string
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  return (
    <Card component="section" aria-labelledby="timetable-versions">
      <CardContent>
        <Typography id="timetable-versions" variant="h6" component="h2">
          {phrase(t('timetable.versionsHeading'))}
        </Typography>
        {timetable.versions.length === 0 ? (
          <Typography>{t('timetable.noVersions')}</Typography>
        ) : (
          <List dense>
            {timetable.versions.map((version) => (
              <ListItem key={version.version}>
                <ListItemText
                  primary={t('timetable.version', {
                    version: version.version,
                    at: formatJapanDateTime(version.publishedAt),
                    by: staffName(version.publishedBy),
                    count: version.sessionCount,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  )
}
