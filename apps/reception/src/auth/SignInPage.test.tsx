import { NetworkError } from '@furfes/core'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { appTest, renderApp, uiTimeoutMs } from '../test/render.tsx'

describe('admin sign-in', () => {
  it.each([
    ['ja', '管理者サインイン', 'メールアドレス', 'パスワード', 'サインイン', '参加者'],
    ['en', 'Admin sign-in', 'Email', 'Password', 'Sign in', 'Participants'],
  ] as const)(
    'signs an admin in and opens the participant list (%s)',
    async (language, heading, email, password, submit, participants) => {
      const user = userEvent.setup({ delay: null })
      const app = await renderApp({ path: `/${language}/admin-sign-in`, language })
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy()
      await user.type(screen.getByLabelText(email, { exact: false }), 'Staff@Example.com ')
      await user.type(screen.getByLabelText(password, { exact: false }), 'correct horse')
      await user.click(screen.getByRole('button', { name: submit }))
      expect(await screen.findByRole('heading', { level: 1, name: participants })).toBeTruthy()
      expect(app.router.state.location.pathname).toBe(`/${language}/admin`)
      expect(app.services.session.isSignedIn()).toBe(true)
    },
    uiTimeoutMs,
  )

  it.each([
    ['ja', '管理者サインイン', 'English', '/en/admin-sign-in'],
    ['en', 'Admin sign-in', '日本語', '/ja/admin-sign-in'],
  ] as const)(
    'offers the other language before signing in, on the same screen (%s)',
    async (language, heading, other, href) => {
      await renderApp({ path: `/${language}/admin-sign-in`, language })
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy()
      expect(screen.getByRole('link', { name: other }).getAttribute('href')).toBe(href)
    },
  )

  appTest(
    'asks a first-time admin for a new password (NEW_PASSWORD_REQUIRED), then signs in',
    async (user) => {
      const app = await renderApp({ path: '/en/admin-sign-in', language: 'en' })
      await user.type(await screen.findByLabelText('Email', { exact: false }), 'first@example.com')
      await user.type(screen.getByLabelText('Password', { exact: false }), 'temporary')
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(
        await screen.findByText('This is the first sign-in of first@example.com. Choose a new password.'),
      ).toBeTruthy()
      const newPassword = screen.getByLabelText('New password', { exact: false })
      await user.type(newPassword, 'short')
      expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy()
      await user.type(newPassword, ' but longer')
      await user.click(screen.getByRole('button', { name: 'Set password and sign in' }))
      expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeTruthy()
      expect(app.router.state.location.pathname).toBe('/en/admin')
      expect(app.cognito.calls).toEqual([
        'signIn first@example.com',
        'newPassword first@example.com short but longer challenge-session',
        // Entering the admin area runs the entry gate, which refreshes the session (docs/requirements.md MY-13).
        'refresh',
      ])
    },
  )

  appTest('shows why a sign-in was refused, in Japanese', async (user) => {
    await renderApp({ path: '/ja/admin-sign-in' })
    await user.type(await screen.findByLabelText('メールアドレス', { exact: false }), 'staff@example.com')
    await user.type(screen.getByLabelText('パスワード', { exact: false }), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'サインイン' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/パスワード/)
  })
})

describe('entering the admin area', () => {
  appTest('goes to sign-in without a stored session', async () => {
    const app = await renderApp({ path: '/ja/admin' })
    expect(await screen.findByRole('heading', { level: 1, name: '管理者サインイン' })).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/ja/admin-sign-in')
  })

  appTest('refreshes a stored session and enters', async () => {
    const app = await renderApp({ path: '/en/admin', language: 'en', signedIn: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeTruthy()
    expect(app.cognito.calls).toContain('refresh')
  })

  appTest('lets staff in offline with the session they signed in with earlier', async () => {
    const app = await renderApp({
      path: '/en/admin/scan',
      language: 'en',
      signedIn: true,
      prepare: async (services) => {
        services.session.client.refreshAccessToken = () =>
          Promise.reject(new NetworkError(new TypeError('offline')))
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan registration codes' })).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/en/admin/scan')
  })
})
