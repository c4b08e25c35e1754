import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on a loopback port (nodemailer's smtp-server), which keeps every message it accepts, parsed.
 * It can be stopped and started again on the same port, as a mail server that goes down and comes back.
 */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for MAIL_SMTP_URL. */
  url: string
  readonly messages: readonly ParsedMail[]
  stop(): Promise<void>
  start(): Promise<void>
}

export interface TestSmtpServerOptions {
  port?: number
  /**
   * Runs for each parsed message before the server answers the DATA command; the sender waits until it settles
   * (a slow or hanging mail server). A rejection refuses the message.
   */
  beforeAccept?(message: ParsedMail): Promise<void>
}

export async function startSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const { port = 0, beforeAccept } = options
  const messages: ParsedMail[] = []
  let server: SMTPServer | undefined
  let boundPort = port

  async function start() {
    const created = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (parsed) => {
            await beforeAccept?.(parsed)
            return parsed
          })
          .then(
            (parsed) => {
              messages.push(parsed)
              callback()
            },
            (error: Error) => callback(error),
          )
      },
    })
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject)
      created.listen(boundPort, '127.0.0.1', () => resolve())
    })
    const address = (created as unknown as { server: { address(): AddressInfo } }).server.address()
    boundPort = address.port
    server = created
  }

  await start()
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`
    },
    messages,
    start,
    async stop() {
      const running = server
      server = undefined
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()))
    },
  }
}
