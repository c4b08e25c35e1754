import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2'
import nodemailer, { type Transporter } from 'nodemailer'
import { PermanentMailError } from './outbox.ts'
import type { MailContent } from './templates.ts'

/*
 * How mail leaves the API (decision 101): nodemailer composes every message the same way, and hands it either to
 * an SMTP server (the mail catcher in development and tests, any relay elsewhere) or to Amazon SES's API with the
 * function's own IAM role (production on Lambda, no SMTP password to keep). Only the configuration chooses.
 */

export type MailTransportConfig =
  | { kind: 'smtp'; url: string }
  | {
      kind: 'ses'
      region: string
      configurationSet: string | undefined
      /** Another SES v2 endpoint than AWS's for the region: a stand-in for tests and local use only. */
      endpoint?: string | undefined
    }

interface OutgoingMail extends MailContent {
  to: string
  /** Our own id for the message, stable across retries, so a receiving system can spot a repeat. */
  messageId: string
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>
  close(): void
}

/** SMTP answers 5xx for a message it will never take (unknown mailbox, refused sender): no retry helps. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function createMailTransport(
  config: MailTransportConfig,
  sender: { from: string; replyTo: string | undefined },
): MailTransport {
  let transporter: Transporter
  /** SES's own fields of every message (nodemailer reads them from the message, not the transport). */
  let sesDefaults: { ConfigurationSetName: string } | undefined
  if (config.kind === 'smtp') {
    transporter = nodemailer.createTransport({
      url: config.url,
      // A server that accepts the connection and then hangs must not hold the outbox for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0])
  } else {
    const sesClient = new SESv2Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      // As for SMTP: an endpoint that hangs must not hold the outbox (the SDK waits forever by default).
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 30_000 },
    })
    transporter = nodemailer.createTransport({ SES: { sesClient, SendEmailCommand } })
    if (config.configurationSet) sesDefaults = { ConfigurationSetName: config.configurationSet }
  }
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: sender.from,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(sesDefaults ? { ses: sesDefaults } : {}),
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content,
            contentType: attachment.contentType,
          })),
        })
        return { messageId: String(info.messageId ?? mail.messageId) }
      } catch (error) {
        if (isPermanent(error)) {
          throw new PermanentMailError(error instanceof Error ? error.message : String(error), {
            cause: error,
          })
        }
        throw error
      }
    },
    close() {
      transporter.close()
    },
  }
}
