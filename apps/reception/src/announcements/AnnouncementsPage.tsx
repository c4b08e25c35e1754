import {
  type AdminAnnouncement,
  type AnnouncementFormOutput,
  type AnnouncementFormValues,
  announcementFormSchema,
  announcementFormValues,
  announcementUrgencies,
  formatJapanDateTime,
  registrationTiers,
} from '@furfes/core'
import { ConfirmDialog, ErrorAlert, usePhrases } from '@furfes/ui'
import { FormTextField, RadioField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'

/*
 * The committee's announcements (docs/decisions/173-announcements.md): a form to publish one in ja and en, normal
 * or urgent, and send it by mail to the paid participants (of chosen tiers) after a confirmation; the current
 * edition's announcements with their mail progress, to correct or withdraw.
 */

type Editing =
  | { kind: 'new'; id: string }
  | { kind: 'correction'; announcement: AdminAnnouncement }
  | undefined

/** What waits for the committee's yes in the confirmation dialog. */
type Pending =
  | { kind: 'publish'; id: string; output: AnnouncementFormOutput }
  | { kind: 'withdraw'; announcement: AdminAnnouncement }
  | undefined

export function AnnouncementsPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const { data, error, reload } = useApiRead(
    (signal) => services.api.listAnnouncements({ signal }),
    [services],
  )
  const [editing, setEditing] = useState<Editing>(undefined)
  const [actionError, setActionError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  const [pending, setPending] = useState<Pending>(undefined)

  const act = async (action: () => Promise<AdminAnnouncement>, message: string) => {
    setBusy(true)
    setActionError(undefined)
    try {
      await action()
      services.notifications.notify(message, 'success')
      setEditing(undefined)
      setPending(undefined)
      reload()
    } catch (failure) {
      setActionError(failure)
    } finally {
      setBusy(false)
    }
  }

  const submit = (output: AnnouncementFormOutput) => {
    if (!editing) return
    if (editing.kind === 'correction') {
      const { announcement } = editing
      void act(
        () =>
          services.api.correctAnnouncement(announcement.id, {
            ...output.content,
            revision: announcement.revision,
          }),
        t('announcements.corrected'),
      )
      return
    }
    setActionError(undefined)
    setPending({ kind: 'publish', id: editing.id, output })
  }

  const confirmPending = () => {
    if (pending?.kind === 'publish') {
      const { id, output } = pending
      // The id chosen once per form: a publication sent again after a lost answer publishes nothing new.
      void act(
        () => services.api.publishAnnouncement({ id, ...output.content, mail: output.mail }),
        t('announcements.published'),
      )
    } else if (pending?.kind === 'withdraw') {
      const { announcement } = pending
      void act(() => services.api.withdrawAnnouncement(announcement.id), t('announcements.withdrawn'))
    }
  }

  const tierNames = useTierNames()

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('announcements.heading'))}
      </Typography>
      <Typography>{t('announcements.lead')}</Typography>
      {/* While the dialog is open, its request's error shows inside it. */}
      <ErrorAlert error={(pending ? undefined : actionError) ?? error} />
      {!editing && (
        <Stack direction="row">
          <Button variant="contained" onClick={() => setEditing({ kind: 'new', id: crypto.randomUUID() })}>
            {phrase(t('announcements.new'))}
          </Button>
        </Stack>
      )}
      {editing && (
        <AnnouncementForm
          key={editing.kind === 'new' ? editing.id : editing.announcement.id}
          correcting={editing.kind === 'correction' ? editing.announcement : undefined}
          busy={busy}
          onValid={submit}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {!data && !error && <Typography role="status">{t('announcements.loading')}</Typography>}
      {data && (
        <section aria-labelledby="announcements-list">
          <Typography id="announcements-list" variant="h6" component="h2" sx={{ mb: 1 }}>
            {phrase(t('announcements.listHeading'))}
          </Typography>
          {data.length === 0 && <Typography>{t('announcements.none')}</Typography>}
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.map((announcement) => (
              <AnnouncementItem
                key={announcement.id}
                announcement={announcement}
                busy={busy}
                onCorrect={() => setEditing({ kind: 'correction', announcement })}
                onWithdraw={() => {
                  setActionError(undefined)
                  setPending({ kind: 'withdraw', announcement })
                }}
              />
            ))}
          </Stack>
        </section>
      )}
      <ConfirmDialog
        id="announcement-confirm"
        open={pending !== undefined}
        title={
          pending?.kind === 'withdraw' ? t('announcements.withdrawTitle') : t('announcements.publishTitle')
        }
        consequence={
          pending?.kind === 'withdraw'
            ? t('announcements.withdrawConfirm', { title: pending.announcement.title.ja })
            : pending?.output.mail
              ? t('announcements.confirmWithMail', { tiers: tierNames(pending.output.mail.tiers) })
              : t('announcements.confirm')
        }
        keepLabel={t('announcements.keep')}
        confirmLabel={pending?.kind === 'withdraw' ? t('announcements.withdraw') : t('announcements.publish')}
        destructive={pending?.kind === 'withdraw'}
        busy={busy}
        error={pending ? actionError : undefined}
        onKeep={() => setPending(undefined)}
        onConfirm={confirmPending}
      />
    </Stack>
  )
}

/** The tiers an announcement is mailed to, in words; none chosen means every tier. */
function useTierNames() {
  const { t } = useTranslation('reception')
  return (tiers: readonly string[]) =>
    tiers.length === 0
      ? t('announcements.allTiers')
      : tiers.map((tier) => t(`domain:registrationTier.${tier}`)).join(', ')
}

function AnnouncementItem(props: {
  announcement: AdminAnnouncement
  busy: boolean
  onCorrect: () => void
  onWithdraw: () => void
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const tierNames = useTierNames()
  const { announcement } = props
  const { mail } = announcement
  const titleId = `announcement-${announcement.id}`
  return (
    <Card component="li" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {phrase(`${announcement.title.ja} / ${announcement.title.en}`)}
          </Typography>
          <Chip
            size="small"
            color={announcement.urgency === 'urgent' ? 'error' : 'default'}
            label={t(`announcements.urgency.${announcement.urgency}`)}
          />
          {announcement.withdrawnAt !== null && (
            <Chip size="small" label={t('announcements.withdrawnLabel')} />
          )}
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
          {announcement.body.ja}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
          {announcement.body.en}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('announcements.publishedAt', {
            at: formatJapanDateTime(announcement.publishedAt),
            revision: announcement.revision,
          })}
        </Typography>
        <Typography variant="body2" role="status" aria-live="polite">
          {mail
            ? t('announcements.mailProgress', {
                tiers: tierNames(mail.tiers),
                queued: mail.queued,
                sent: mail.sent,
                failed: mail.failed,
                skipped: mail.skipped,
              })
            : t('announcements.notMailed')}
        </Typography>
        {announcement.withdrawnAt === null && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              disabled={props.busy}
              onClick={props.onCorrect}
              aria-label={t('announcements.correctLabel', { title: announcement.title.ja })}
            >
              {phrase(t('announcements.correct'))}
            </Button>
            <Button
              size="small"
              color="error"
              disabled={props.busy}
              onClick={props.onWithdraw}
              aria-label={t('announcements.withdrawLabel', { title: announcement.title.ja })}
            >
              {phrase(t('announcements.withdraw'))}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  )
}

function AnnouncementForm(props: {
  correcting: AdminAnnouncement | undefined
  busy: boolean
  onValid: (output: AnnouncementFormOutput) => void
  onCancel: () => void
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const form = useZodForm<AnnouncementFormValues, AnnouncementFormOutput>(
    announcementFormSchema,
    announcementFormValues(props.correcting),
  )
  const text = (name: string, multiline = false) => (
    <FormTextField
      form={form}
      name={name}
      label={t(`announcements.field.${name}`)}
      required
      {...(multiline ? { multiline: true, minRows: 3 } : {})}
    />
  )
  return (
    <Card component="section" aria-labelledby="announcement-form">
      <CardContent>
        <Typography id="announcement-form" variant="h6" component="h2" sx={{ mb: 2 }}>
          {props.correcting
            ? t('announcements.correctHeading', { title: props.correcting.title.ja })
            : t('announcements.newHeading')}
        </Typography>
        <SchemaForm
          form={form}
          onValid={props.onValid}
          busy={props.busy}
          submitLabel={t(props.correcting ? 'announcements.saveCorrection' : 'announcements.publish')}
          labelledBy="announcement-form"
        >
          {text('title.ja')}
          {text('title.en')}
          {text('body.ja', true)}
          {text('body.en', true)}
          <RadioField
            form={form}
            name="urgency"
            legend={t('announcements.field.urgency')}
            options={announcementUrgencies}
            optionLabel={(urgency) => t(`announcements.urgency.${urgency}`)}
            row
          />
          {!props.correcting && (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('announcements.field.mail')}</FormLabel>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.values.mail === true}
                    onChange={(_, on) => form.setValue('mail', on)}
                  />
                }
                label={t('announcements.mailToPaid')}
              />
              {form.values.mail === true && (
                <FormGroup row aria-label={t('announcements.field.tiers')}>
                  {registrationTiers.map((tier) => (
                    <FormControlLabel
                      key={tier}
                      control={
                        <Checkbox
                          checked={form.values[`tiers.${tier}`] === true}
                          onChange={(_, on) => form.setValue(`tiers.${tier}`, on)}
                        />
                      }
                      label={t(`domain:registrationTier.${tier}`)}
                    />
                  ))}
                </FormGroup>
              )}
              {form.values.mail === true && (
                <Typography variant="body2">{t('announcements.tiersHint')}</Typography>
              )}
            </FormControl>
          )}
        </SchemaForm>
        <Button sx={{ mt: 1 }} onClick={props.onCancel}>
          {phrase(t('announcements.cancel'))}
        </Button>
      </CardContent>
    </Card>
  )
}
