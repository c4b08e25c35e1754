// The seven services (six of ours and the mail catcher) `npm start` runs, their ports and the environment that tells each where the others are.
// Every port can be changed with its environment variable.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib.mjs'

const portOf = (env, variable, fallback) => {
  const value = env[variable]
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable} must be a port number between 1 and 65535, got "${value}"`)
  }
  return port
}

export function servicePorts(env = process.env) {
  return {
    api: portOf(env, 'API_PORT', 8787),
    pwa: portOf(env, 'PWA_PORT', 5173),
    reception: portOf(env, 'RECEPTION_PORT', 5174),
    cognito: portOf(env, 'COGNITO_PORT', 9229),
    stripe: portOf(env, 'STRIPE_PORT', 12111),
    // The push service stand-in the API sends Web Push to (decision 177).
    push: portOf(env, 'PUSH_PORT', 8790),
    // The mail catcher: SMTP in, web inbox and HTTP API out (decision 101).
    smtp: portOf(env, 'SMTP_PORT', 1025),
    mailInbox: portOf(env, 'INBOX_PORT', 1080),
  }
}

/** Environment shared by every service: the URLs of all of them, and the data folder. */
export function sharedEnv(ports, env = process.env) {
  const host = '127.0.0.1'
  return {
    HOST: host,
    DATA_DIR: env.DATA_DIR ?? join(root, '.data'),
    API_URL: `http://localhost:${ports.api}`,
    PWA_URL: `http://localhost:${ports.pwa}`,
    RECEPTION_URL: `http://localhost:${ports.reception}`,
    COGNITO_ENDPOINT: `http://localhost:${ports.cognito}`,
    // The API pays through the official Stripe SDK pointed at the emulator: the production code path.
    PAYMENT_GATEWAY: 'stripe',
    // A new local database gets an edition on sale today, with a demo venue, so the whole flow can be walked.
    EDITION_SEED: env.EDITION_SEED ?? 'development',
    STRIPE_API_URL: `http://localhost:${ports.stripe}`,
    // Development-only secrets shared by the API and the Stripe emulator; production reads real ones.
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY ?? 'sk_test_furfes_local_development_key',
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_furfes_local_development_secret',
    STRIPE_WEBHOOK_URL: `http://localhost:${ports.api}/webhooks/stripe`,
    // Browsers here cannot reach their push service; subscriptions the stand-in hands out are accepted too.
    PUSH_SERVICE_HOSTS: `fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,localhost:${ports.push}`,
    // Every mail (the API's receipts, the Cognito emulator's codes) goes to the local mail catcher.
    MAIL_SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    // The development access key the Cognito emulator's admin operations (AdminCreateUser) accept, as IAM
    // credentials would be at Cognito; anything signed with another key or secret is refused.
    COGNITO_ADMIN_ACCESS_KEY_ID: env.COGNITO_ADMIN_ACCESS_KEY_ID ?? 'AKIAFURFESLOCALDEV00',
    COGNITO_ADMIN_SECRET_ACCESS_KEY:
      env.COGNITO_ADMIN_SECRET_ACCESS_KEY ?? 'furfes-local-development-cognito-admin-secret',
    ...cognitoPoolEnv(),
  }
}

/**
 * @param {{ dev: boolean, ports: ReturnType<typeof servicePorts> }} options
 * Each service: where it runs, the command (on the project's Node 24) and a path that answers HTTP once it is up.
 */
/** @param {{ dev: boolean, ports: ReturnType<typeof servicePorts>, dataDir?: string }} options */
export function services({ dev, ports, dataDir = sharedEnv(ports).DATA_DIR }) {
  const node = (entry) => (dev ? ['node', '--watch', entry] : ['node', entry])
  const web = (port) =>
    dev
      ? ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1']
      : ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1']
  return [
    {
      // maildev: a real SMTP server that keeps every message in a web inbox with a REST API (/api/email).
      name: 'mail',
      label: 'Mail inbox',
      cwd: '.',
      port: ports.mailInbox,
      command: [
        'maildev',
        '--smtp',
        String(ports.smtp),
        '--ip',
        '127.0.0.1',
        '--web',
        String(ports.mailInbox),
        '--web-ip',
        '127.0.0.1',
        '--mail-directory',
        join(dataDir, 'mail'),
        '--silent',
      ],
      readyPath: '/api/healthz',
      // maildev 3 answers its root with the inbox only to a request that asks for HTML and with 404 to
      // anything else (a link checker, curl, a terminal's link preview); /index.html is the inbox to all.
      openPath: '/index.html',
    },
    {
      name: 'cognito',
      label: 'Cognito emulator',
      cwd: 'apps/cognito-emulator',
      port: ports.cognito,
      command: node('src/main.ts'),
      readyPath: '/_emulator/config',
    },
    {
      name: 'stripe',
      label: 'Stripe emulator',
      cwd: 'apps/stripe-emulator',
      port: ports.stripe,
      command: node('src/main.ts'),
      readyPath: '/health',
    },
    {
      name: 'push',
      label: 'Push stand-in',
      cwd: 'apps/push-emulator',
      port: ports.push,
      command: node('src/main.ts'),
      readyPath: '/messages',
    },
    {
      name: 'api',
      label: 'API',
      cwd: 'apps/api',
      port: ports.api,
      command: node('src/main.ts'),
      readyPath: '/health',
    },
    { name: 'pwa', label: 'PWA', cwd: 'apps/pwa', port: ports.pwa, command: web(ports.pwa), readyPath: '/' },
    {
      name: 'reception',
      label: 'Reception',
      cwd: 'apps/reception',
      port: ports.reception,
      command: web(ports.reception),
      readyPath: '/',
    },
  ]
}

/** Where a person opens a service: its port, and the page that shows it when the root does not. */
export function serviceUrl(service) {
  return `http://localhost:${service.port}${service.openPath ?? ''}`
}

/** What `npm start` prints once every service answers: where each one is, and the demo accounts. */
/**
 * @param {{ dev: boolean, ports: ReturnType<typeof servicePorts>, running?: ReturnType<typeof services> }} options
 */
export function startBanner({ dev, ports, running = services({ dev, ports }) }) {
  const width = Math.max(...running.map((service) => service.label.length))
  const inbox = running.find((service) => service.name === 'mail')
  return [
    '',
    `Furfes is running (${dev ? 'development, hot reload' : 'production build'}). Press Ctrl-C to stop everything.`,
    '',
    ...running.map((service) => `  ${service.label.padEnd(width)}  ${serviceUrl(service)}`),
    '',
    `  Site (ja / en)      http://localhost:${ports.pwa}/ja  http://localhost:${ports.pwa}/en`,
    `  Mail (SMTP)         smtp://localhost:${ports.smtp}: every mail sent (receipts, sign-up and reset codes) lands in the Mail inbox ${inbox ? serviceUrl(inbox) : ''}`,
    `  Verification codes  http://localhost:${ports.cognito}/_emulator/mailbox (the Cognito emulator's own copy)`,
    '',
    '  Demo accounts:',
    ...demoAccounts().map(
      (account) =>
        `    ${account.pool.padEnd(8)} ${account.email.padEnd(18)} password: ${account.password}${account.groups.length > 0 ? `  (${account.groups.join(', ')})` : ''}`,
    ),
    '',
  ].join('\n')
}

function readPools() {
  return JSON.parse(readFileSync(join(root, 'apps/cognito-emulator/pools.json'), 'utf8'))
}

/** The emulator's pool and client ids, as the apps and the API are told them (COGNITO_MEMBERS_POOL_ID, …). */
function cognitoPoolEnv() {
  const env = { COGNITO_REGION: readPools().region }
  for (const pool of readPools().pools) {
    const prefix = `COGNITO_${pool.name.toUpperCase()}`
    env[`${prefix}_POOL_ID`] = pool.id
    env[`${prefix}_CLIENT_ID`] = pool.clientId
  }
  return env
}

/** The demo accounts the Cognito emulator seeds, read from its pool configuration, with their staff roles. */
export function demoAccounts() {
  return readPools().pools.flatMap((pool) =>
    (pool.seedUsers ?? []).map((user) => ({
      pool: pool.name,
      email: user.email,
      password: user.password,
      /** @type {string[]} */
      groups: user.groups ?? [],
    })),
  )
}
