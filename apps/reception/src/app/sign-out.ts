import { NetworkError } from '@furfes/core'
import type { ReceptionServices } from './services.tsx'

/**
 * Signs the admin out and makes the device forget the personal data it synced (decision 077). The sync is
 * halted first so that no answer arriving later writes anything back, and the data is forgotten before
 * Cognito is asked to revoke the tokens, which may take long on bad Wi-Fi. Check-ins still waiting for upload
 * stay and go up after the next sign-in.
 */
export async function signOutAndForget(
  services: Pick<ReceptionServices, 'session' | 'store' | 'sync' | 'reportError'>,
): Promise<void> {
  await services.sync.halt()
  await services.store.forgetPersonalData()
  try {
    await services.session.signOut()
  } catch (error) {
    // The tokens are forgotten here whatever Cognito answers; without network they simply expire on their own.
    if (!(error instanceof NetworkError)) services.reportError(error, { where: 'sign-out' })
  }
}
