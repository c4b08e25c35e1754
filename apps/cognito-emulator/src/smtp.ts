import nodemailer from 'nodemailer'
import type { MailKind, MailMessage } from './state.ts'

/*
 * The emulator's codes as real mail: besides its own mailbox page, it hands each message to an SMTP server (the
 * mail catcher `npm start` runs), so one inbox shows everything a person would receive. Real Cognito sends these
 * through SES with the pool's message templates; the wording here is ours, in both languages.
 */

const subjects: Record<MailKind, string> = {
  sign_up: '確認コード / Your verification code',
  resend: '確認コード / Your verification code',
  forgot_password: 'パスワード再設定コード / Your password reset code',
  verify_email: 'メールアドレス確認コード / Your e-mail verification code',
  admin_invite: '仮パスワード / Your temporary password',
}

function body(message: MailMessage): string {
  if (message.kind === 'admin_invite') {
    return `仮パスワード: ${message.code}\nユーザー名: ${message.email}\n\nYour temporary password: ${message.code}\nUser name: ${message.email}\n`
  }
  return `確認コード: ${message.code}\n\nYour code: ${message.code}\n`
}

export interface SmtpSender {
  send(message: MailMessage): Promise<void>
  close(): void
}

/** Sends each message to `url` (smtp://host:port) from `from`. */
export function createSmtpSender(options: { url: string; from: string }): SmtpSender {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.email,
        subject: subjects[message.kind],
        text: body(message),
        headers: { 'X-Cognito-Emulator-Pool': message.pool },
      })
    },
    close: () => transporter.close(),
  }
}
