import { expect } from '@playwright/test'
import { mailInboxUrl } from './stack.ts'

/*
 * The mail catcher of the running stack (maildev), read over its HTTP API as a person reads their inbox: every
 * mail the API and the Cognito emulator sent over SMTP is there.
 */

export interface InboxMail {
  id: string
  /** When the catcher received it (ISO 8601). */
  time: string
  subject: string
  text: string
  html: string
  to: { address: string }[]
  from: { address: string; name: string }[]
  /** maildev keeps each attachment under a generated name, which its download address uses. */
  attachments?: { filename: string; generatedFileName: string; contentType: string }[]
}

async function inbox(): Promise<InboxMail[]> {
  const response = await fetch(`${mailInboxUrl}/api/email`)
  expect(response.status).toBe(200)
  return (await response.json()) as InboxMail[]
}

/** Waits for the mail to `address` whose subject is `subject`, and answers it (exactly one must arrive). */
export async function receivedMail(address: string, subject: string): Promise<InboxMail> {
  const matching = async () =>
    (await inbox()).filter(
      (mail) =>
        mail.subject === subject && mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
    )
  await expect.poll(async () => (await matching()).length, { timeout: 30_000 }).toBe(1)
  const [mail] = await matching()
  if (!mail) throw new Error('unreachable')
  return mail
}

/** Every mail to an address, oldest first. */
export async function mailsTo(address: string): Promise<InboxMail[]> {
  return (await inbox())
    .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
}

/** An attachment's text, downloaded from the inbox. */
export async function attachmentText(mail: InboxMail, filename: string): Promise<string> {
  const attachment = mail.attachments?.find((candidate) => candidate.filename === filename)
  expect(attachment, `attachment ${filename}`).toBeDefined()
  const stored = encodeURIComponent(attachment?.generatedFileName ?? '')
  const response = await fetch(`${mailInboxUrl}/api/email/${mail.id}/attachment/${stored}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/calendar')
  return (await response.text()).replace(/\r?\n[ \t]/g, '')
}
