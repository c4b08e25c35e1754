/** Fakes shared by the tests of core and the apps; kept out of the main entry so no bundle carries them. */
export { fakeSignInClient } from './auth/fake-sign-in-client.ts'
