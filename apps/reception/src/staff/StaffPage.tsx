import { type StaffMember, type StaffRole, staffInvitationWireSchema, staffRoles } from '@furfes/core'
import { ErrorAlert, scrollShadows, usePhrases } from '@furfes/ui'
import { EmailField, RadioField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import {
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'

/*
 * Staff management for the committee (docs/decisions/157-staff-audit-trail.md): who has which role, inviting
 * someone by e-mail (Cognito mails the temporary password), changing a role, disabling an account. The API
 * decides and records each change; this screen shows its answers.
 */
export function StaffPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const {
    data: members,
    error: readError,
    reload,
  } = useApiRead((signal) => services.api.listStaff({ signal }), [services])
  // A change's refusal stays shown over the list read after it.
  const [changeError, setChangeError] = useState<unknown>()
  const error = changeError ?? readError

  /** Runs one change; the list is read again after it, whatever the answer, so it shows what is true. */
  const change = async (run: () => Promise<unknown>) => {
    setChangeError(undefined)
    try {
      await run()
    } catch (failure) {
      setChangeError(failure)
    }
    reload()
  }

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {phrase(t('staff.heading'))}
      </Typography>
      <Typography>{t('staff.lead')}</Typography>
      <InviteCard onInvited={reload} />
      <ErrorAlert error={error} />
      {members === undefined && error === undefined && (
        <Typography role="status">{t('staff.loading')}</Typography>
      )}
      {members && (
        <TableContainer sx={scrollShadows('default')}>
          <Table size="small" aria-label={t('staff.listLabel')}>
            <TableHead>
              <TableRow>
                {(['email', 'role', 'account', 'actions'] as const).map((column) => (
                  <TableCell key={column} component="th" scope="col">
                    {t(`staff.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member) => (
                <MemberRow
                  key={member.user}
                  member={member}
                  onRole={(role) => void change(() => services.api.setStaffRole(member.user, role))}
                  onEnabled={(enabled) =>
                    void change(() => services.api.setStaffEnabled(member.user, enabled))
                  }
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  )
}

function MemberRow(props: {
  member: StaffMember
  onRole: (role: StaffRole) => void
  onEnabled: (enabled: boolean) => void
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { member } = props
  const invited = member.status === 'FORCE_CHANGE_PASSWORD'
  // Disabling or enabling someone asks first, in the row, as every step that changes a person's access does.
  const [confirming, setConfirming] = useState(false)
  return (
    <TableRow>
      <TableCell>{member.email}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          label={t('staff.roleOf', { email: member.email })}
          value={member.roles.length === 1 ? member.roles[0] : ''}
          onChange={(event) => props.onRole(event.target.value as StaffRole)}
        >
          {staffRoles.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`staff.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        {t(member.enabled ? (invited ? 'staff.invited' : 'staff.enabled') : 'staff.disabled')}
      </TableCell>
      <TableCell>
        {confirming ? (
          <Stack spacing={1}>
            <Typography variant="body2">
              {t(member.enabled ? 'staff.confirmDisable' : 'staff.confirmEnable', { email: member.email })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                size="small"
                onClick={() => {
                  setConfirming(false)
                  props.onEnabled(!member.enabled)
                }}
              >
                {phrase(t(member.enabled ? 'staff.confirmDisableYes' : 'staff.confirmEnableYes'))}
              </Button>
              <Button size="small" onClick={() => setConfirming(false)}>
                {phrase(t('staff.keep'))}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button
            variant="outlined"
            size="small"
            aria-label={t(member.enabled ? 'staff.disableWho' : 'staff.enableWho', { email: member.email })}
            onClick={() => setConfirming(true)}
          >
            {phrase(t(member.enabled ? 'staff.disable' : 'staff.enable'))}
          </Button>
        )}
      </TableCell>
    </TableRow>
  )
}

function InviteCard(props: { onInvited: () => void }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const form = useZodForm(staffInvitationWireSchema, { email: '', role: 'door' as StaffRole })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [invited, setInvited] = useState<string>()

  const invite = async (invitation: { email: string; role: StaffRole }) => {
    setBusy(true)
    setError(undefined)
    setInvited(undefined)
    try {
      const member = await services.api.inviteStaff(invitation)
      setInvited(member.email)
      form.setValue('email', '', { touch: false })
      props.onInvited()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card component="section" aria-labelledby="staff-invite">
      <CardContent>
        <Typography variant="h6" component="h2" id="staff-invite" sx={{ mb: 1 }}>
          {phrase(t('staff.invite.heading'))}
        </Typography>
        <SchemaForm
          form={form}
          onValid={(values) => void invite(values)}
          error={error}
          busy={busy}
          submitLabel={t('staff.invite.submit')}
          labelledBy="staff-invite"
        >
          <EmailField form={form} name="email" label={t('staff.invite.email')} />
          <RadioField
            form={form}
            name="role"
            legend={t('staff.invite.role')}
            options={staffRoles}
            optionLabel={(role) => t(`staff.roles.${role}`)}
            row
          />
        </SchemaForm>
        {invited && (
          <Typography role="status" sx={{ mt: 1 }}>
            {t('staff.invite.done', { email: invited })}
          </Typography>
        )}
      </CardContent>
    </Card>
  )
}
