import {
  type Attention,
  attentionRequestWireSchema,
  fieldMessages,
  type IssueMessage,
  limits,
} from '@furfes/core'
import { ErrorAlert, useErrorText, usePhrases } from '@furfes/ui'
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'

const noAttention: Attention = { flagged: false, note: '' }

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; error: unknown }

/**
 * Staff's note for the door and the attention flag on one registration (docs/decisions/175-door-attention.md).
 * Staff who may edit notes change them here; the door reads them. A saved change reaches the other devices
 * with their next snapshot, this one's at once.
 */
export function AttentionEditor({
  registrationId,
  attention = noAttention,
  editable,
}: {
  registrationId: string
  attention?: Attention | undefined
  editable: boolean
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { errorText } = useErrorText()
  const services = useServices()
  const [flagged, setFlagged] = useState(attention.flagged)
  const [note, setNote] = useState(attention.note)
  const [issues, setIssues] = useState<Record<string, IssueMessage>>({})
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })

  if (!editable) {
    if (!attention.note) return null
    return (
      <Alert severity={attention.flagged ? 'warning' : 'info'} sx={{ mt: 2 }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {phrase(t(attention.flagged ? 'attention.flaggedHeading' : 'attention.noteHeading'))}
        </Typography>
        <Typography sx={{ wordBreak: 'break-word' }}>{attention.note}</Typography>
      </Alert>
    )
  }

  async function submit() {
    const parsed = attentionRequestWireSchema.safeParse({ flagged, note })
    if (!parsed.success) {
      setIssues(fieldMessages(parsed.error))
      return
    }
    setIssues({})
    setSave({ kind: 'saving' })
    try {
      const stored = await services.api.setAttention(registrationId, parsed.data)
      setNote(stored.note)
      setSave({ kind: 'saved' })
      // The list every device judges codes from carries the note: this one takes it now.
      services.sync.sync({ refreshSnapshot: true }).catch((error: unknown) => {
        services.reportError(error, { where: 'attention-editor-sync' })
      })
    } catch (error) {
      setSave({ kind: 'failed', error })
    }
  }

  const noteIssue = issues.note
  return (
    <Box
      component="form"
      aria-labelledby="attention-heading"
      sx={{ mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Typography id="attention-heading" variant="h6" component="h3">
        {phrase(t('attention.heading'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('attention.explanation')}
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        <TextField
          label={t('attention.note')}
          value={note}
          onChange={(event) => {
            setNote(event.target.value)
            setSave({ kind: 'idle' })
          }}
          error={noteIssue !== undefined}
          helperText={
            noteIssue
              ? errorText(noteIssue.key, noteIssue.values)
              : t('attention.noteHelp', { max: limits.attentionNoteMaxLength })
          }
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={flagged}
              onChange={(event) => {
                setFlagged(event.target.checked)
                setSave({ kind: 'idle' })
              }}
            />
          }
          label={t('attention.flag')}
        />
        {save.kind === 'failed' && <ErrorAlert error={save.error} />}
        {save.kind === 'saved' && <Alert severity="success">{t('attention.saved')}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" loading={save.kind === 'saving'}>
            {phrase(t('attention.save'))}
          </Button>
        </Box>
      </Stack>
    </Box>
  )
}
