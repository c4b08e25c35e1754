import { usePhrases, useStore } from '@furfes/ui'
import { Button, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { type InstallPromptSource, installPromptSource } from '../app/install-offer.ts'
import { Section } from './parts.tsx'

/** Where a declined offer is remembered, so it is made once per browser (docs/decisions/128). */
export const installOfferDismissedKey = 'furfes-install-offer-dismissed'

export interface InstallOfferEnvironment {
  source: InstallPromptSource
  storage: Pick<Storage, 'getItem' | 'setItem'>
  userAgent: string
  maxTouchPoints: number
  /** The site already runs as an installed app. */
  standalone: boolean
}

function browserEnvironment(): InstallOfferEnvironment {
  return {
    source: installPromptSource(window),
    storage: window.localStorage,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  }
}

/**
 * Safari on an iPhone or iPad has no install prompt: the app is added from the Share menu. iPadOS presents
 * itself as a Mac, told apart by its touch screen; other iOS browsers name themselves (CriOS, FxiOS, EdgiOS).
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent)
}

/**
 * Offers to install the app on My Page, where it pays off (the registration code works offline from the home
 * screen): the browser's own prompt where it has one, the Share → Add to Home Screen steps on iOS Safari.
 * Shown until installed or declined once; a declined offer is never made again in this browser.
 */
export function InstallOffer({ environment }: { environment?: InstallOfferEnvironment }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const [env] = useState(() => environment ?? browserEnvironment())
  const prompt = useStore(env.source, () => undefined)
  const [dismissed, setDismissed] = useState(() => env.storage.getItem(installOfferDismissedKey) !== null)
  const [installed, setInstalled] = useState(env.standalone)
  if (dismissed || installed) return null
  const ios = !prompt && isIosSafari(env.userAgent, env.maxTouchPoints)
  if (!prompt && !ios) return null

  const dismiss = () => {
    env.storage.setItem(installOfferDismissedKey, new Date().toISOString())
    setDismissed(true)
  }
  const install = async () => {
    if (!prompt) return
    env.source.consume()
    await prompt.prompt()
    const { outcome } = await prompt.userChoice
    // Declining the browser's own dialog is an answer too: do not ask again.
    if (outcome === 'accepted') setInstalled(true)
    else dismiss()
  }
  return (
    <Section id="install-offer" heading={t('installOffer.heading')}>
      <Typography sx={{ mb: 1.5 }}>{t('installOffer.text')}</Typography>
      {ios && <Typography sx={{ mb: 1.5 }}>{t('installOffer.iosSteps')}</Typography>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {prompt && (
          <Button variant="contained" onClick={() => void install()}>
            {phrase(t('installOffer.install'))}
          </Button>
        )}
        <Button onClick={dismiss}>{phrase(ios ? t('installOffer.close') : t('installOffer.notNow'))}</Button>
      </Stack>
    </Section>
  )
}
