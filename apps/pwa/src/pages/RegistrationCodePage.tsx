import { formatInstant, isSessionExpiredError, NetworkError, ProductError } from '@furfes/core'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import type { AccountServices } from '../account/account-services.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import { readRegistrationCode } from '../account/registration-code.ts'
import { Busy, ErrorAlert } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import en from '../locales/en/registration-code.json'
import ja from '../locales/ja/registration-code.json'
import { VenueDetails } from '../mypage/VenueDetails.tsx'
import {
  type CachedRegistrationCode,
  clearRegistrationCode,
  loadRegistrationCode,
  saveRegistrationCode,
} from '../offline/registration-code-cache.ts'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

type CodeState =
  | { status: 'loading' }
  | { status: 'code'; code: CachedRegistrationCode; offline: boolean; error?: unknown }
  | { status: 'signed-out' }
  /** `error` is the catalogue's: generation failed, the code is invalid, or there is no code. */
  | { status: 'failed'; error: unknown }

/**
 * The reception code, without navigation so the QR fills the screen at the desk. Signed in and online, it
 * fetches GET /registration/jwt, keeps the code 7 days (registrationJwtToken) and in the offline store; when the
 * network is down it shows the kept code. Messages: generation failed, invalid code, no valid code.
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
        keptCode(undefined, Date.now()).then((code) =>
          show(code ? { status: 'code', code, offline: true } : noCode()),
        ),
    )
    return () => {
      live = false
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
      {state.status === 'code' && <CodeView code={state.code} offline={state.offline} error={state.error} />}
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

/** The code kept on this device (offline store, else the 7-day storage entry), if it has not expired. */
async function keptCode(account: AccountServices | undefined, now: number) {
  const cached = await loadRegistrationCode().catch(() => undefined)
  const stored = account?.storage.get('registrationJwtToken')
  const code = cached ?? (stored ? readRegistrationCode(stored, now) : undefined)
  return code && code.expiresAt > now ? code : undefined
}

async function obtainCode(account: AccountServices): Promise<CodeState> {
  const now = account.clock()
  const { session } = account
  if (session.getRefreshToken() === undefined) {
    const kept = await keptCode(account, now)
    return kept ? { status: 'code', code: kept, offline: false } : { status: 'signed-out' }
  }
  let token: string
  try {
    if (session.getAuthInfo() === undefined) await session.refresh()
    token = await account.api.getRegistrationJwt()
  } catch (error) {
    if (error instanceof NetworkError) {
      const kept = await keptCode(account, now)
      return kept ? { status: 'code', code: kept, offline: true } : noCode()
    }
    if (error instanceof ProductError && error.productKey === 'notFound') {
      // No paid registration (any more): nothing may stay on the device to be shown at the desk.
      account.storage.remove('registrationJwtToken')
      await clearRegistrationCode().catch(() => {})
      return noCode()
    }
    throw error
  }
  const code = readRegistrationCode(token, now)
  if (!code || code.expiresAt <= now)
    return { status: 'failed', error: new ProductError('registrationCodeInvalid') }
  account.storage.set('registrationJwtToken', token)
  await saveRegistrationCode(code).catch(() => {
    // Private browsing may refuse IndexedDB; the 7-day storage entry still keeps the code.
  })
  return { status: 'code', code, offline: false }
}

function CodeView({
  code,
  offline,
  error,
}: {
  code: CachedRegistrationCode
  offline: boolean
  error?: unknown
}) {
  const { t } = useAccountTranslation()
  const { language } = useContent(copy)
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ErrorAlert error={error} />
      {offline && (
        <Alert severity="info" role="status" sx={{ alignSelf: 'stretch' }}>
          {t('registrationCode.offline')}
        </Alert>
      )}
      <Typography sx={{ alignSelf: 'stretch' }}>{t('registrationCode.lead')}</Typography>
      {/* Black on white whatever the theme, with a quiet zone: what scanners read best off a phone. */}
      <Box
        data-testid="registration-code-qr"
        sx={{ bgcolor: '#ffffff', p: 2, borderRadius: 1, width: '100%', maxWidth: 420, lineHeight: 0 }}
      >
        <QRCodeSVG
          value={code.token}
          size={388}
          level="M"
          marginSize={4}
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label={t('registrationCode.qrLabel')}
          style={{ width: '100%', height: 'auto', display: 'block' }}
        />
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="body2">{t('registrationCode.badgeName')}</Typography>
        <Typography sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.3 }}>{code.badgeName}</Typography>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {t(`domain:registrationTier.${code.tier}`)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('registrationCode.validUntil', { time: formatInstant(code.expiresAt, language) })}
        </Typography>
      </Box>
    </Stack>
  )
}
