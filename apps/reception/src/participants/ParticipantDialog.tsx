import type { Participant } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import { useStaffAccess } from '../auth/staff-access.tsx'
import { answerKey, type RegistrationCheckIn, type StoredCheckIn } from '../data/check-ins.ts'
import { useChosenEdition } from '../editions/past-edition.ts'
import { formatTime } from '../layout/format.ts'
import { AddonRefunds } from './AddonRefunds.tsx'
import { AttentionEditor } from './AttentionEditor.tsx'
import { AutomaticRefundNotice } from './AutomaticRefundNotice.tsx'
import { ReceiptResend } from './ReceiptResend.tsx'
import { RefundDialog } from './RefundDialog.tsx'

/**
 * One participant: everything the list has, the check-in history (audit), and check-in or undo. A past
 * edition's participant (`readOnly`) is shown without the actions that change anything (decision 158).
 */
export function ParticipantDialog({
  participant,
  checkIns,
  readOnly,
  onClose,
}: {
  participant: Participant
  checkIns: ReadonlyMap<string, RegistrationCheckIn>
  readOnly: boolean
  onClose: () => void
}) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const registration = participant.registration
  const registrationId = registration?.registrationId
  const state = registrationId === undefined ? undefined : checkIns.get(registrationId)
  const canCheckIn =
    !readOnly && registrationId !== undefined && registration?.paymentStatus === 'paid' && !state?.current
  const [refunding, setRefunding] = useState(false)
  const access = useStaffAccess()
  const edition = useChosenEdition()

  const act = async (action: () => Promise<unknown>) => {
    try {
      await action()
    } catch (error) {
      services.reportError(error, { where: 'participant-dialog' })
    }
  }

  const rows: [string, string | undefined][] = [
    [t('participants.column.badgeName'), registration?.badgeName],
    [t('participants.column.handleName'), participant.profile?.handleName],
    [
      t('participants.column.email'),
      access.may('viewParticipantDetails') ? participant.user.email : undefined,
    ],
    [
      t('participants.column.tier'),
      t(`domain:registrationTier.${registration?.registrationTier ?? 'not_registered'}`),
    ],
    [
      t('participants.column.payment'),
      registration && t(`domain:paymentStatus.${registration.paymentStatus}`),
    ],
    [t('participants.column.tShirtSize'), registration?.tShirtSize],
    [
      t('participants.column.changingRoom'),
      registration?.changingRoomType && t(`domain:changingRoomType.${registration.changingRoomType}`),
    ],
    [t('participants.column.accessNeeds'), registration?.accessNeeds],
    [t('participants.column.xUsername'), participant.registrationAdditionalInfo?.clubActivityXUsername],
    [t('participants.column.registrationId'), registrationId],
    [t('participants.column.userId'), participant.user.userId],
  ]

  const describe = (item: StoredCheckIn) =>
    t(`participants.history.${item.kind === 'undo' ? 'undo' : 'checkIn'}`, {
      time: formatTime(item.checkedInAt, language, services.clock()),
      device: item.deviceName ?? item.deviceId,
    })

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="participant-dialog-title">
      <DialogTitle id="participant-dialog-title">
        {registration?.badgeName ?? participant.user.email ?? participant.user.userId}
      </DialogTitle>
      <DialogContent>
        {registrationId !== undefined && registration?.paymentStatus !== 'paid' && (
          <AutomaticRefundNotice registrationId={registrationId} />
        )}
        <Table size="small">
          <TableBody>
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
        {registrationId !== undefined && (
          <AttentionEditor
            key={registrationId}
            registrationId={registrationId}
            attention={participant.attention}
            editable={!readOnly && access.may('editNotes')}
          />
        )}
        {registrationId !== undefined && (
          <AddonRefunds
            key={`addons-${registrationId}`}
            registrationId={registrationId}
            addons={participant.addons}
            editable={!readOnly && access.may('refundWithinPolicy')}
          />
        )}
        {registrationId !== undefined &&
          registration?.paymentStatus === 'paid' &&
          !readOnly &&
          access.may('resendReceipt') && (
            <ReceiptResend key={`receipt-${registrationId}`} registrationId={registrationId} />
          )}
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          {phrase(t('participants.history.heading'))}
        </Typography>
        {!state || state.history.length === 0 ? (
          <Typography>{t('participants.history.none')}</Typography>
        ) : (
          <List dense>
            {state.history.map((item) => (
              <ListItem key={item.id}>
                <ListItemText primary={describe(item)} secondary={t(answerKey(item))} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {registrationId !== undefined &&
          registration?.paymentStatus === 'paid' &&
          !readOnly &&
          access.may('refundWithinPolicy') && (
            <Button color="error" onClick={() => setRefunding(true)} sx={{ mr: 'auto' }}>
              {phrase(t('refund.open'))}
            </Button>
          )}
        {state?.current && !readOnly && (
          <Button
            color="warning"
            onClick={() => void act(() => services.store.recordUndo(state.current as StoredCheckIn))}
          >
            {phrase(t('verdict.undo'))}
          </Button>
        )}
        {canCheckIn && (
          <Button
            variant="contained"
            onClick={() => void act(() => services.store.recordCheckIn(registrationId))}
          >
            {phrase(t('verdict.checkIn'))}
          </Button>
        )}
        {registrationId !== undefined &&
          registration?.paymentStatus === 'paid' &&
          access.may('reprintBadge') && (
            <Button href={`/${language}/admin/badges?${badgeQuery(registrationId, edition)}`}>
              {phrase(t('badges.printOne'))}
            </Button>
          )}
        <Button onClick={onClose}>{phrase(t('participants.close'))}</Button>
      </DialogActions>
      {refunding && registrationId !== undefined && (
        <RefundDialog
          registrationId={registrationId}
          name={registration?.badgeName ?? participant.user.email ?? participant.user.userId}
          checkIn={state?.current}
          onClose={() => setRefunding(false)}
        />
      )}
    </Dialog>
  )
}

/** The badge sheet of one registration, in the edition it belongs to. */
const badgeQuery = (registration: string, edition: string | undefined) =>
  new URLSearchParams(edition === undefined ? { registration } : { registration, edition }).toString()
