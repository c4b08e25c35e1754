import { describe, expect, it } from 'vitest'
import { mailboxPage, mailLine } from './mailbox.ts'
import type { MailMessage } from './state.ts'

const message = (overrides: Partial<MailMessage>): MailMessage => ({
  id: '1',
  pool: 'members',
  poolId: 'ap-northeast-1_Mbr7fQx2K',
  email: 'aki@example.com',
  kind: 'sign_up',
  code: '123456',
  sentAt: '2025-05-01T09:00:00.000Z',
  ...overrides,
})

describe('mailLine', () => {
  it('puts the code, the address, the pool and the kind on one console line', () => {
    expect(mailLine(message({}))).toBe('[cognito] members: code 123456 for aki@example.com (sign_up)')
    expect(mailLine(message({ kind: 'admin_invite', code: 'Temp-pass-1', pool: 'admins' }))).toBe(
      '[cognito] admins: temporary password Temp-pass-1 for aki@example.com (admin_invite)',
    )
  })
})

describe('mailboxPage', () => {
  it('labels the page and each kind in Japanese and English', () => {
    const page = mailboxPage([message({ kind: 'forgot_password' })])

    expect(page).toContain('<html lang="ja">')
    expect(page).toContain('パスワード再設定 / Password reset')
    expect(page).toContain('<code>123456</code>')
  })

  it('says so when nothing was sent', () => {
    expect(mailboxPage([])).toContain('メールはまだありません。 / No messages yet.')
  })

  it('escapes every value that came from a user', () => {
    const page = mailboxPage([message({ email: `"'><script>alert(1)</script>@example.com`, code: '<i>&' })])

    expect(page).not.toContain('<script>')
    expect(page).toContain('&quot;&#39;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com')
    expect(page).toContain('<code>&lt;i&gt;&amp;</code>')
  })
})
