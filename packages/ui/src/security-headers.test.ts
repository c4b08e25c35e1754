import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PreviewServer, ResolvedConfig } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import {
  builtInlineScriptHashes,
  type ConnectedServices,
  contentSecurityPolicy,
  inlineScriptHashes,
  securityHeaders,
  violationReportUrl,
} from './security-headers.ts'
import { securityHeadersPlugin } from './vite.ts'

const local: ConnectedServices = {
  apiUrl: 'http://localhost:18787',
  cognito: { endpoint: 'http://localhost:19229' },
}

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ')
      return [name, values]
    }),
  )

describe('security headers', () => {
  it('gives the PWA a strict policy: own scripts, the API and Cognito only, no framing', () => {
    const sut = securityHeaders({ app: 'pwa', config: local, inlineScriptHashes: [], production: false })
    expect(sut).toEqual({
      'Content-Security-Policy': [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self' http://localhost:18787 http://localhost:19229",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    })
  })

  it('lets the reception use the camera on its own origin and compile its WebAssembly decoder', () => {
    const sut = securityHeaders({
      app: 'reception',
      config: local,
      inlineScriptHashes: [],
      production: false,
    })
    expect(directives(sut['Content-Security-Policy'] as string)['script-src']).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
    ])
    expect(sut['Permissions-Policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()')
  })

  it('allows exactly the inline scripts of the build, by hash', () => {
    const policy = contentSecurityPolicy({
      app: 'pwa',
      config: local,
      inlineScriptHashes: ['sha256-abc=', 'sha256-def='],
      production: false,
    })
    expect(directives(policy)['script-src']).toEqual(["'self'", "'sha256-abc='", "'sha256-def='"])
    expect(directives(policy)['script-src']).not.toContain("'unsafe-inline'")
  })

  it('connects to the origins of the runtime config, error reporting included, and reports violations there', () => {
    const policy = contentSecurityPolicy({
      app: 'pwa',
      config: {
        apiUrl: 'https://api.furfes.example/v1',
        cognito: { endpoint: 'https://cognito-idp.ap-northeast-1.amazonaws.com' },
        sentry: { dsn: 'https://publickey@o42.ingest.sentry.io/1234', environment: 'prod' },
      },
      inlineScriptHashes: [],
      production: true,
    })
    expect(directives(policy)['connect-src']).toEqual([
      "'self'",
      'https://api.furfes.example',
      'https://cognito-idp.ap-northeast-1.amazonaws.com',
      'https://o42.ingest.sentry.io',
    ])
    expect(directives(policy)['report-uri']).toEqual([
      'https://o42.ingest.sentry.io/api/1234/security/?sentry_key=publickey&sentry_environment=prod',
    ])
  })

  it('keeps a value known only at deployment (a CloudFormation reference) as a prefix of every path below it', () => {
    // How CDK writes a reference into a string before synthesis: here the REST API's URL with its stage path.
    const deployTimeValue = ['https://', '$', '{Token[TOKEN.123]}', '/api'].join('')
    const policy = contentSecurityPolicy({
      app: 'pwa',
      config: { apiUrl: deployTimeValue, cognito: local.cognito },
      inlineScriptHashes: [],
      production: true,
    })
    expect(directives(policy)['connect-src']).toEqual([
      "'self'",
      `${deployTimeValue}/`,
      'http://localhost:19229',
    ])
  })

  it('finds the Sentry security endpoint of a DSN with a path prefix, and refuses a DSN without a key', () => {
    expect(violationReportUrl('https://key@sentry.furfes.example/relay/7')).toBe(
      'https://sentry.furfes.example/relay/api/7/security/?sentry_key=key',
    )
    expect(() => violationReportUrl('https://sentry.furfes.example/7')).toThrow('names no project or key')
  })

  it('sends HSTS in production only', () => {
    const options = { app: 'pwa', config: local, inlineScriptHashes: [] } as const
    expect(securityHeaders({ ...options, production: false })).not.toHaveProperty('Strict-Transport-Security')
    expect(securityHeaders({ ...options, production: true })['Strict-Transport-Security']).toBe(
      'max-age=63072000; includeSubDomains',
    )
  })
})

describe('inline script hashes', () => {
  it('hashes the scripts a browser would run inline, and nothing else', () => {
    const html = `<!doctype html><html><head>
      <script></script>
      <script type="module" src="/assets/index.js"></script>
      <script type="application/json">{"data":1}</script>
      <script type="module">import '/a.js'</script>
    </head><body><template><script></script></template></body></html>`
    // sha256 of the empty string, twice (the second in a template), and of the module script's text.
    expect(inlineScriptHashes(html)).toEqual([
      'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      'sha256-av/ZMZA11vvbvD+CX6rNVYySwT3bTNKtDzwyLJcwtRM=',
      'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
    ])
  })

  describe('of a build folder', () => {
    let folder = ''
    afterEach(() => rmSync(folder, { recursive: true, force: true }))

    it('reads every page of a build, once per distinct script', () => {
      folder = mkdtempSync(join(tmpdir(), 'furfes-csp-'))
      mkdirSync(join(folder, 'en', 'faq'), { recursive: true })
      writeFileSync(join(folder, 'index.html'), '<script></script>')
      writeFileSync(join(folder, 'en', 'faq', 'index.html'), '<p>x</p><script></script>')
      writeFileSync(join(folder, 'offline.html'), '<style>p{}</style>')
      writeFileSync(join(folder, 'app.js'), '<script>not html</script>')
      expect(builtInlineScriptHashes(folder)).toEqual(['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='])
    })
  })
})

describe('securityHeadersPlugin', () => {
  const saved = { ...process.env }
  let folder = ''
  afterEach(() => {
    process.env = { ...saved }
    rmSync(folder, { recursive: true, force: true })
  })

  it('makes vite preview send the headers built from the served runtime config and build', () => {
    folder = mkdtempSync(join(tmpdir(), 'furfes-csp-'))
    writeFileSync(join(folder, 'index.html'), '<script></script>')
    Object.assign(process.env, {
      API_URL: 'http://localhost:18787',
      COGNITO_ENDPOINT: 'http://localhost:19229',
      COGNITO_MEMBERS_POOL_ID: 'ap-northeast-1_members',
      COGNITO_MEMBERS_CLIENT_ID: 'members-client',
      COGNITO_ADMINS_POOL_ID: 'ap-northeast-1_admins',
      COGNITO_ADMINS_CLIENT_ID: 'admins-client',
    })
    delete process.env.SENTRY_DSN
    const sut = securityHeadersPlugin('reception')
    ;(sut.configResolved as (config: ResolvedConfig) => void)({
      root: '/',
      build: { outDir: folder },
    } as ResolvedConfig)
    const middlewares: ((request: unknown, response: ServerResponse, next: () => void) => void)[] = []
    ;(sut.configurePreviewServer as (server: PreviewServer) => void)({
      middlewares: { use: (middleware: (typeof middlewares)[number]) => middlewares.push(middleware) },
    } as unknown as PreviewServer)
    const sent = new Map<string, string>()
    let passedOn = false
    const response = { setHeader: (name: string, value: string) => sent.set(name, value) }
    middlewares[0]?.({}, response as unknown as ServerResponse, () => {
      passedOn = true
    })
    expect(passedOn).toBe(true)
    expect(Object.fromEntries(sent)).toEqual(
      securityHeaders({
        app: 'reception',
        config: local,
        inlineScriptHashes: ['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='],
        production: false,
      }),
    )
  })
})
