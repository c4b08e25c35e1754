import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { signedOutNavigationState } from '../app/status.ts'
import { createFakeAccount } from '../test/fake-account.ts'
import { renderApp } from '../test/render-app.tsx'

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })
const type = async (label: RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } })

describe('account routes', () => {
  it('prefills sign-in from the email query', async () => {
    const { account } = createFakeAccount()
    renderApp('/ja/sign-in?email=kemo%40example.com', { account })
    await heading('サインイン')
    await waitFor(() =>
      expect(screen.getByLabelText(/メールアドレス/)).toHaveProperty('value', 'kemo@example.com'),
    )
    await waitFor(() => expect(document.title).toBe('サインイン | 東京ふぁーりーフェス 2025'))
  })

  it('takes an optional email on sign-up', async () => {
    const { account } = createFakeAccount()
    renderApp('/en/sign-up?email=kemo%40example.com', { account })
    await heading('Create an account')
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveProperty('value', 'kemo@example.com'),
    )
    // Titles stay Japanese.
    await waitFor(() => expect(document.title).toBe('アカウント作成 | 東京ふぁーりーフェス 2025'))
  })

  it('sends verify-sign-up without an email to sign-up', async () => {
    const { account } = createFakeAccount()
    const { recorded } = renderApp('/ja/verify-sign-up', { account })
    await heading('アカウント作成')
    expect(recorded.location.pathname).toBe('/ja/sign-up')
  })

  it('sends reset-password without an email to send-password-reset-code', async () => {
    const { account } = createFakeAccount()
    const { recorded } = renderApp('/ja/reset-password', { account })
    await heading('パスワード再設定コードの送信')
    expect(recorded.location.pathname).toBe('/ja/send-password-reset-code')
  })

  it('sends a direct visit of sign-up-verified to the dashboard (and, signed out, on to sign-in)', async () => {
    const { account } = createFakeAccount()
    const { recorded } = renderApp('/ja/sign-up-verified', { account })
    await heading('サインイン')
    expect(recorded.location.pathname).toBe('/ja/sign-in')
    expect(recorded.location.state).toMatchObject({ returnTo: '/ja/mypage/dashboard' })
  })

  it('signs up, verifies the code (resending it once) and reaches sign-up-verified, then signs in', async () => {
    const { account } = createFakeAccount()
    const { recorded } = renderApp('/ja/sign-up', { account })
    await heading('アカウント作成')
    await type(/メールアドレス/, 'New@Example.com ')
    await type(/パスワード/, 'long-enough-1')
    fireEvent.click(await screen.findByRole('button', { name: 'アカウントを作成する' }))
    await heading('メールアドレスの確認')
    expect(recorded.location.search).toBe('?email=new%40example.com')
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを再送信する' }))
    expect(await screen.findByText('確認コードを再送信しました。')).toBeTruthy()
    await type(/確認コード/, '000000')
    fireEvent.click(await screen.findByRole('button', { name: '確認する' }))
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        '確認コードが正しくありません。',
      ),
    )
    await type(/確認コード/, '123456')
    fireEvent.click(await screen.findByRole('button', { name: '確認する' }))
    await heading('アカウント作成完了')
    fireEvent.click(await screen.findByRole('link', { name: 'サインインする' }))
    await heading('サインイン')
    await waitFor(() =>
      expect(screen.getByLabelText(/メールアドレス/)).toHaveProperty('value', 'new@example.com'),
    )
    await type(/パスワード/, 'long-enough-1')
    fireEvent.click(await screen.findByRole('button', { name: 'サインイン' }))
    await heading('マイページ')
    expect(recorded.location.pathname).toBe('/ja/mypage/dashboard')
  })

  it('validates on every input with the spec messages, in both languages', async () => {
    const { account } = createFakeAccount()
    const { unmount } = renderApp('/ja/sign-up', { account })
    await heading('アカウント作成')
    await type(/メールアドレス/, 'not-an-address')
    expect(await screen.findByText('メールアドレスが正しくありません。')).toBeTruthy()
    await type(/パスワード/, 'short')
    expect(await screen.findByText('パスワードは8文字以上で入力してください。')).toBeTruthy()
    await type(/パスワード/, 'long-enough')
    await waitFor(() => expect(screen.queryByText('パスワードは8文字以上で入力してください。')).toBeNull())
    unmount()
    renderApp('/en/sign-up', { account })
    await heading('Create an account')
    await type(/Email address/, 'not-an-address')
    expect(await screen.findByText('The email address is invalid.')).toBeTruthy()
  })

  it('translates Cognito errors through the catalogue', async () => {
    const { account, cognito } = createFakeAccount()
    cognito.addUser('kemo@example.com', 'correct-horse-1')
    renderApp('/ja/sign-in', { account })
    await heading('サインイン')
    await type(/メールアドレス/, 'kemo@example.com')
    await type(/パスワード/, 'wrong-password')
    fireEvent.click(await screen.findByRole('button', { name: 'サインイン' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'メールアドレスまたはパスワードが正しくありません。',
    )
  })

  it('says that signing in is paused after repeated wrong passwords, not that the password is wrong', async () => {
    const { account, cognito } = createFakeAccount()
    cognito.addUser('kemo@example.com', 'correct-horse-1')
    renderApp('/en/sign-in', { account })
    await heading('Sign in')
    await type(/Email address/, 'kemo@example.com')
    await type(/Password/, 'wrong-password')
    const submit = await screen.findByRole('button', { name: 'Sign in' })
    for (let attempt = 1; attempt <= 5; attempt++) {
      fireEvent.click(submit)
      await waitFor(() => expect(cognito.failedSignIns('kemo@example.com')).toBe(attempt))
    }
    expect(screen.getByRole('alert').textContent).toBe('The email address or password is incorrect.')

    await type(/Password/, 'correct-horse-1')
    fireEvent.click(submit)

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many wrong passwords in a row: signing in is paused for a while. Please try again in a few minutes.',
      ),
    )
  })

  it('signs up a fullwidth address as the same account as its ASCII form', async () => {
    const { account, cognito } = createFakeAccount()
    const { recorded } = renderApp('/ja/sign-up', { account })
    await heading('アカウント作成')
    await type(/メールアドレス/, 'ｄｅｍｏ＠example.com')
    await type(/パスワード/, 'long-enough-1')
    fireEvent.click(await screen.findByRole('button', { name: 'アカウントを作成する' }))
    await heading('メールアドレスの確認')
    expect(recorded.location.search).toBe('?email=demo%40example.com')
    expect([...cognito.users.keys()]).toEqual(['demo@example.com'])
  })

  it('says why a look-alike domain is refused, in both languages', async () => {
    const { account } = createFakeAccount()
    const { unmount } = renderApp('/ja/sign-up', { account })
    await heading('アカウント作成')
    await type(/メールアドレス/, 'demo@ex\u0430mple.com')
    expect(
      await screen.findByText(
        'メールアドレスのドメインに、種類の異なる文字（ラテン文字に混じったキリル文字など）が含まれています。入力し直してください。',
      ),
    ).toBeTruthy()
    unmount()
    renderApp('/en/send-password-reset-code', { account })
    await heading('Send a password reset code')
    await type(/Email address/, 'demo@ex\u0430mple.com')
    expect(
      await screen.findByText(
        "The email address's domain mixes letters of different scripts (such as a Cyrillic letter among Latin ones); please type it again",
      ),
    ).toBeTruthy()
  })

  it("shows Cognito's hourly limit on code mails as the catalogue's message, for a resend and a reset", async () => {
    const { account, cognito } = createFakeAccount()
    cognito.addUser('kemo@example.com', 'old-password-1')
    cognito.useUpCodeMails('kemo@example.com')
    const { unmount } = renderApp('/ja/send-password-reset-code?email=kemo%40example.com', { account })
    await heading('パスワード再設定コードの送信')
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを送信する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '試行回数の上限を超えました。しばらくしてから再度お試しください。',
    )
    unmount()
    renderApp('/en/verify-sign-up?email=kemo%40example.com', { account })
    await heading('Verify your email address')
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code again' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.')
  })

  it('resets a password by code and returns to sign-in saying so', async () => {
    const { account, cognito } = createFakeAccount()
    cognito.addUser('kemo@example.com', 'old-password-1')
    const { recorded } = renderApp('/ja/send-password-reset-code?email=kemo%40example.com', { account })
    await heading('パスワード再設定コードの送信')
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを送信する' }))
    await heading('パスワードの再設定')
    await type(/確認コード/, '123456')
    await type(/新しいパスワード/, 'new-password-1')
    fireEvent.click(await screen.findByRole('button', { name: 'パスワードを再設定する' }))
    await heading('サインイン')
    expect(recorded.location.search).toBe('?email=kemo%40example.com')
    expect(
      screen.getByText('パスワードを再設定しました。新しいパスワードでサインインしてください。'),
    ).toBeTruthy()
    expect(cognito.users.get('kemo@example.com')?.password).toBe('new-password-1')
  })

  it('signs out: forgets the tokens and the code, and the top page reloads', async () => {
    const { account, keyValueStorage } = createFakeAccount({ signedInAs: 'kemo@example.com' })
    account.storage.set('registrationJwtToken', 'a.b.c')
    const { recorded } = renderApp('/ja/sign-out', { account })
    await waitFor(() => expect(recorded.location.pathname).toBe('/ja'))
    expect(recorded.location.state).toEqual(signedOutNavigationState)
    await waitFor(() => expect(recorded.replacedLocations).toEqual(['/ja']))
    expect(keyValueStorage.getItem('authInfo')).toBeNull()
    expect(keyValueStorage.getItem('authInfoRefreshToken')).toBeNull()
    expect(keyValueStorage.getItem('registrationJwtToken')).toBeNull()
  })
})
