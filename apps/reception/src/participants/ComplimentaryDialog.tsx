import {
  type ComplimentaryKind,
  changingRoomTypes,
  complimentaryKinds,
  complimentaryRegistrationRequestWireSchema,
  fieldMessages,
  type IssueMessage,
  isFursuitTier,
  isSponsorTier,
  type RegistrationTier,
  registrationTiers,
  tShirtSizes,
} from '@furfes/core'
import { ErrorAlert, useErrorText, usePhrases } from '@furfes/ui'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; error: unknown }

const emptyForm = {
  email: '',
  kind: 'guest' as ComplimentaryKind,
  registrationTier: 'member' as RegistrationTier,
  badgeName: '',
  tShirtSize: '',
  changingRoomType: '',
}

/**
 * The desk's form for a complimentary registration (docs/decisions/185-desk-tools.md): a guest, dealer or staff
 * member who already has a member account is registered without payment and gets the receipt mail.
 */
export function ComplimentaryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation('reception')
  const { errorText } = useErrorText()
  const services = useServices()
  const [form, setForm] = useState(emptyForm)
  const [issues, setIssues] = useState<Record<string, IssueMessage>>({})
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })

  function set(change: Partial<typeof emptyForm>) {
    setForm((current) => ({ ...current, ...change }))
    setSave({ kind: 'idle' })
  }

  async function submit() {
    const tier = form.registrationTier
    const parsed = complimentaryRegistrationRequestWireSchema.safeParse({
      email: form.email.trim(),
      kind: form.kind,
      registration_tier: tier,
      badge_name: form.badgeName,
      ...(isSponsorTier(tier) && form.tShirtSize ? { t_shirt_size: form.tShirtSize } : {}),
      ...(isFursuitTier(tier) && form.changingRoomType ? { changing_room_type: form.changingRoomType } : {}),
      language: i18n.language === 'en' ? 'en' : 'ja',
    })
    if (!parsed.success) {
      setIssues(fieldMessages(parsed.error))
      return
    }
    setIssues({})
    setSave({ kind: 'saving' })
    try {
      const { email, kind, language, ...fields } = parsed.data
      await services.api.registerComplimentary({
        email,
        kind,
        language,
        registrationTier: fields.registration_tier,
        badgeName: fields.badge_name,
        tShirtSize: fields.t_shirt_size,
        changingRoomType: fields.changing_room_type,
      })
      setForm(emptyForm)
      setSave({ kind: 'saved' })
      // The new registration belongs in the list every device searches: this one takes it now.
      services.sync.sync({ refreshSnapshot: true }).catch((error: unknown) => {
        services.reportError(error, { where: 'complimentary-dialog-sync' })
      })
    } catch (error) {
      setSave({ kind: 'failed', error })
    }
  }

  function issueProps(field: string, help?: string) {
    const issue = issues[field]
    return {
      error: issue !== undefined,
      helperText: issue ? errorText(issue.key, issue.values) : help,
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="complimentary-title" fullWidth maxWidth="sm">
      <form
        aria-labelledby="complimentary-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <DialogTitle id="complimentary-title">{t('complimentaryForm.heading')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">{t('complimentaryForm.explanation')}</Alert>
            <TextField
              label={t('complimentaryForm.email')}
              type="email"
              value={form.email}
              onChange={(event) => set({ email: event.target.value })}
              {...issueProps('email')}
            />
            <TextField
              select
              label={t('complimentaryForm.kind')}
              value={form.kind}
              onChange={(event) => set({ kind: event.target.value as ComplimentaryKind })}
              {...issueProps('kind')}
            >
              {complimentaryKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`participants.complimentary.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('complimentaryForm.tier')}
              value={form.registrationTier}
              onChange={(event) => set({ registrationTier: event.target.value as RegistrationTier })}
              {...issueProps('registration_tier')}
            >
              {registrationTiers.map((tier) => (
                <MenuItem key={tier} value={tier}>
                  {t(`domain:registrationTier.${tier}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('complimentaryForm.badgeName')}
              value={form.badgeName}
              onChange={(event) => set({ badgeName: event.target.value })}
              {...issueProps('badge_name')}
            />
            {isSponsorTier(form.registrationTier) && (
              <TextField
                select
                label={t('complimentaryForm.tShirtSize')}
                value={form.tShirtSize}
                onChange={(event) => set({ tShirtSize: event.target.value })}
                {...issueProps('t_shirt_size')}
              >
                {tShirtSizes.map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {isFursuitTier(form.registrationTier) && (
              <TextField
                select
                label={t('complimentaryForm.changingRoom')}
                value={form.changingRoomType}
                onChange={(event) => set({ changingRoomType: event.target.value })}
                {...issueProps('changing_room_type')}
              >
                {changingRoomTypes.map((room) => (
                  <MenuItem key={room} value={room}>
                    {t(`domain:changingRoomType.${room}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {save.kind === 'failed' && <ErrorAlert error={save.error} />}
            {save.kind === 'saved' && <Alert severity="success">{t('complimentaryForm.saved')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{phrase(t('complimentaryForm.close'))}</Button>
          <Button type="submit" variant="contained" loading={save.kind === 'saving'}>
            {phrase(t('complimentaryForm.submit'))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
