import type { MailKind, MailMessage } from './state.ts'

const kindLabels: Record<MailKind, string> = {
  sign_up: '登録確認 / Sign-up confirmation',
  resend: '確認コード再送 / Code resent',
  forgot_password: 'パスワード再設定 / Password reset',
  verify_email: 'メールアドレス確認 / E-mail verification',
  admin_invite: '招待（仮パスワード） / Invitation (temporary password)',
}

/** The console line for one message: what a developer needs to type the code in. */
export function mailLine(message: MailMessage): string {
  const what = message.kind === 'admin_invite' ? 'temporary password' : 'code'
  return `[cognito] ${message.pool}: ${what} ${message.code} for ${message.email} (${message.kind})`
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

/** The dev mailbox as a page: newest first, refreshed every 5 s. Every value from users is escaped. */
export function mailboxPage(messages: MailMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
<td><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt)}</time></td>
<td>${escapeHtml(message.email)}</td>
<td>${escapeHtml(message.pool)}</td>
<td>${escapeHtml(kindLabels[message.kind] ?? message.kind)}</td>
<td><code>${escapeHtml(message.code)}</code></td>
</tr>`,
    )
    .join('\n')
  const empty = '<p>メールはまだありません。 / No messages yet.</p>'
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Cognito emulator mailbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.4rem 0.8rem; text-align: left; }
code { font-size: 1.2rem; }
</style>
</head>
<body>
<h1>受信箱 / Mailbox</h1>
<p>Cognito エミュレーターが送ったはずのメールです（新しい順）。 / Messages the Cognito emulator would have e-mailed, newest first.</p>
${
  messages.length === 0
    ? empty
    : `<table>
<thead><tr><th>送信日時 / Sent</th><th>宛先 / To</th><th>プール / Pool</th><th>種類 / Kind</th><th>コード / Code</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</body>
</html>
`
}
