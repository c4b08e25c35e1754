import {
  formatInstant,
  isSessionExpiredError,
  ProductError,
  registrationCodeQrErrorCorrection,
} from '@furfes/core'
import { ErrorAlert } from '@furfes/ui'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import type { AccountServices } from '../account/account-services.ts'
import { Busy } from '../account/Busy.tsx'
import { useAccountTranslation } from '../account/i18n.ts'
import {
  fetchRegistrationCode,
  findKeptRegistrationCode,
  keptCodeReason,
  keptRegistrationCode,
} from '../account/registration-code.ts'
import { useServices } from '../app/services.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import { useScreenWakeLock } from '../layout/use-screen-wake-lock.ts'
import en from '../locales/en/registration-code.json'
import ja from '../locales/ja/registration-code.json'
import { VenueDetails } from '../mypage/VenueDetails.tsx'
import type { CachedRegistrationCode } from '../offline/registration-code-cache.ts'
import { onRegistrationCodeRefreshed } from '../offline/registration-code-refresh.ts'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** Why the page shows the copy kept on the device rather than a fresh code. */
type KeptBecause = 'offline' | 'maintenance'

type CodeState =
  | { status: 'loading' }
  | { status: 'code'; code: CachedRegistrationCode; kept?: KeptBecause | undefined; error?: unknown }
  | { status: 'signed-out' }
  /** `error` is the catalogue's: generation failed, the code is invalid, or there is no code. */
  | { status: 'failed'; error: unknown }

/**
 * The reception code, without navigation so the QR fills the screen at the desk. Signed in and online, it
 * fetches GET /registration/jwt, keeps the code 7 days (registrationJwtToken) and in the offline store; when the
 * network is down it shows the kept code. A refresh while the page is open (decision 121) replaces the code
 * shown. Messages: generation failed, invalid code, no valid code.
 */
export default function RegistrationCodePage() {
  const { content, language } = useContent(copy)
  const { t } = useAccountTranslation()
  const services = useServices()
  const navigate = useNavigate()
  const [state, setState] = useState<CodeState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    const show = (next: CodeState) => live && setState(next)
    void services.account().then(
      (account) =>
        obtainCode(account).then(show, (error: unknown) => {
          if (isSessionExpiredError(error)) {
            void navigate(localizedPath(language, 'sign-in'), {
              replace: true,
              state: { reason: 'session-expired', returnTo: localizedPath(language, 'registration-code') },
            })
          } else show({ status: 'failed', error })
        }),
      // Without its configuration (offline on a fresh load) the kept code is all there is.
      () =>
        findKeptRegistrationCode(services.account).then((code) =>
          show(code ? { status: 'code', code, kept: 'offline' } : noCode()),
        ),
    )
    const stopListening = onRegistrationCodeRefreshed((code) => show({ status: 'code', code }))
    return () => {
      live = false
      stopListening()
    }
  }, [services, navigate, language])

  return (
    <Page width="sm">
      <PageHeading pageId="registration-code" />
      {state.status === 'loading' && <Busy />}
      {state.status === 'signed-out' && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('registrationCode.signIn')}</Typography>
          <Button
            variant="contained"
            onClick={() =>
              void navigate(localizedPath(language, 'sign-in'), {
                state: { returnTo: localizedPath(language, 'registration-code') },
              })
            }
          >
            {t('registrationCode.toSignIn')}
          </Button>
        </Stack>
      )}
      {state.status === 'failed' && <ErrorAlert error={state.error} />}
      {state.status === 'code' && <CodeView code={state.code} kept={state.kept} error={state.error} />}
      {state.status === 'code' && <VenueDetails />}
      {state.status !== 'loading' && state.status !== 'signed-out' && (
        <Button variant="outlined" href={localizedPath(language, 'mypage/dashboard')} sx={{ mt: 3 }}>
          {t('registrationCode.toDashboard')}
        </Button>
      )}
      {state.status === 'signed-out' && <p>{content.body}</p>}
    </Page>
  )
}

const noCode = (): CodeState => ({ status: 'failed', error: new ProductError('registrationCodeNotFound') })

async function obtainCode(account: AccountServices): Promise<CodeState> {
  const now = account.clock()
  const { session } = account
  if (session.getRefreshToken() === undefined) {
    const kept = await keptRegistrationCode(account, now)
    return kept ? { status: 'code', code: kept } : { status: 'signed-out' }
  }
  try {
    const code = await fetchRegistrationCode(account)
    return code ? { status: 'code', code } : noCode()
  } catch (error) {
    const because = keptCodeReason(error)
    if (because === undefined) throw error
    const kept = await keptRegistrationCode(account, now)
    return kept ? { status: 'code', code: kept, kept: because } : noCode()
  }
}

function CodeView({
  code,
  kept,
  error,
}: {
  code: CachedRegistrationCode
  kept: KeptBecause | undefined
  error?: unknown
}) {
  const { t } = useAccountTranslation()
  const { language } = useContent(copy)
  const awake = useScreenWakeLock(true)
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ErrorAlert error={error} />
      {kept && (
        <Alert severity="info" role="status" sx={{ alignSelf: 'stretch' }}>
          {t(`registrationCode.${kept}`)}
        </Alert>
      )}
      <Typography sx={{ alignSelf: 'stretch' }}>{t('registrationCode.lead')}</Typography>
      {/* Black on white whatever the theme, with a quiet zone: what scanners read best off a phone. */}
      <Box
        data-testid="registration-code-qr"
        sx={{ bgcolor: '#ffffff', p: 2, borderRadius: 1, width: '100%', maxWidth: 420, lineHeight: 0 }}
      >
        <QRCodeSVG
          value={code.text}
          size={388}
          level={registrationCodeQrErrorCorrection}
          boostLevel={false}
          marginSize={4}
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label={t('registrationCode.qrLabel')}
          style={{ width: '100%', height: 'auto', display: 'block' }}
        />
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        {/* Only a copy kept from the 7-day storage entry alone lacks the name (a compact code has none). */}
        {code.badgeName !== undefined && (
          <>
            <Typography variant="body2">{t('registrationCode.badgeName')}</Typography>
            <Typography sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.3 }}>
              {code.badgeName}
            </Typography>
          </>
        )}
        {code.tier !== undefined && (
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t(`domain:registrationTier.${code.tier}`)}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('registrationCode.validUntil', { time: formatInstant(code.expiresAt, language) })}
        </Typography>
        <Typography variant="body2" data-testid="registration-code-refreshed-at">
          {t('registrationCode.refreshedAt', { time: formatInstant(code.savedAt, language) })}
        </Typography>
        {awake && <Typography variant="body2">{t('registrationCode.screenAwake')}</Typography>}
      </Box>
    </Stack>
  )
}
