import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSmtpSender, type SmtpSender } from './smtp.ts'
import type { MailMessage } from './state.ts'

describe('the emulator mailing its codes over SMTP', () => {
  const received: ParsedMail[] = []
  let server: SMTPServer
  let sut: SmtpSender

  beforeEach(async () => {
    received.length = 0
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((parsed) => {
          received.push(parsed)
          callback()
        }, callback)
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address()
    sut = createSmtpSender({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@cognito.test' })
  })
  afterEach(async () => {
    sut.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const message = (kind: MailMessage['kind'], code: string): MailMessage => ({
    id: 'm1',
    pool: 'members',
    poolId: 'ap-northeast-1_Test',
    email: 'fox@example.com',
    kind,
    code,
    sentAt: '2025-03-01T00:00:00.000Z',
  })

  it('delivers a sign-up code to the member, in Japanese and English', async () => {
    await sut.send(message('sign_up', '123456'))
    expect(received).toHaveLength(1)
    expect(received[0]?.subject).toBe('確認コード / Your verification code')
    expect(JSON.stringify(received[0]?.to)).toContain('fox@example.com')
    expect(received[0]?.text).toContain('確認コード: 123456')
    expect(received[0]?.text).toContain('Your code: 123456')
  })

  it('delivers a password reset code and an invitation with its temporary password', async () => {
    await sut.send(message('forgot_password', '654321'))
    await sut.send(message('admin_invite', 'Temp#Pass1'))
    expect(received.map((mail) => mail.subject)).toEqual([
      'パスワード再設定コード / Your password reset code',
      '仮パスワード / Your temporary password',
    ])
    expect(received[1]?.text).toContain('Your temporary password: Temp#Pass1')
  })
})
