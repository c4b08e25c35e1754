import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Snackbar from '@mui/material/Snackbar'
import { useTranslation } from 'react-i18next'
import type { Notification } from './notifications.ts'

const autoHideMs = 6000

export default function SnackbarView({
  notification,
  onClose,
}: {
  notification: Notification
  onClose: () => void
}) {
  const { t } = useTranslation('common')
  return (
    <Snackbar
      open
      autoHideDuration={notification.persistent ? null : autoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_, reason) => {
        // A click elsewhere on the page must not dismiss a message before it could be read.
        if (reason !== 'clickaway') onClose()
      }}
    >
      <Alert
        severity={notification.severity}
        variant="filled"
        onClose={onClose}
        closeText={t('notifications.close')}
        sx={{ width: '100%', alignItems: 'center' }}
        // Alert's action slot replaces its close button, so a notification with an action shows both.
        {...(notification.action && {
          action: (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  notification.action?.run()
                  onClose()
                }}
              >
                {notification.action.label}
              </Button>
              <Button color="inherit" size="small" onClick={onClose}>
                {t('notifications.close')}
              </Button>
            </>
          ),
        })}
      >
        {notification.message}
      </Alert>
    </Snackbar>
  )
}
