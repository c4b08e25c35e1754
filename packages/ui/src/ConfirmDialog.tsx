import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import type { ReactNode } from 'react'
import { ErrorAlert } from './ErrorAlert.tsx'
import { usePhrases } from './phrasing.tsx'

/**
 * The one way an app asks "are you sure?" before something it cannot undo: what happens in words, the request's
 * error inside the dialog (so the answer is read where the question was), keeping as the quiet choice and the
 * action named on its button. Closing is refused while the request runs, so a result is never lost unseen.
 */
export function ConfirmDialog({
  id,
  open,
  title,
  consequence,
  keepLabel,
  confirmLabel,
  destructive = false,
  busy,
  error,
  onKeep,
  onConfirm,
}: {
  /** Names the title and the text for assistive technology; unique on the page. */
  id: string
  open: boolean
  title: string
  consequence: ReactNode
  keepLabel: string
  confirmLabel: string
  destructive?: boolean
  busy: boolean
  error?: unknown
  onKeep: () => void
  onConfirm: () => void
}) {
  const phrase = usePhrases()
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onKeep()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-consequence`}
    >
      <DialogTitle id={`${id}-title`}>{phrase(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-consequence`} sx={{ mb: 2 }}>
          {consequence}
        </DialogContentText>
        {error !== undefined && <ErrorAlert error={error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} disabled={busy}>
          {phrase(keepLabel)}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {phrase(confirmLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
