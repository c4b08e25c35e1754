// The HTTP security headers of both web apps (docs/decisions/093), in one place: `vite preview` (`npm start`,
// the e2e stack) sends them through `securityHeadersPlugin` (./vite.ts) and CloudFront through the response
// headers policies of infra/src/static-site.ts. Both call `securityHeaders` with the app's runtime config and
// the hashes of its build's inline scripts, so what is tested locally is what production sends.
// Runs in Node only (the build, the preview server, CDK), never in a browser.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DefaultTreeAdapterMap, parse } from 'parse5'

export type WebApp = 'pwa' | 'reception'

/** The parts of the runtime config (./runtime-config.ts) that name hosts a page talks to. */
export interface ConnectedServices {
  apiUrl: string
  cognito: { endpoint: string }
  sentry?: { dsn?: string | undefined; environment?: string | undefined } | undefined
}

export interface SecurityHeaderOptions {
  app: WebApp
  /** The runtime config the app is served with: the same object its `/config.json` holds. */
  config: ConnectedServices
  /** `'sha256-…'` sources of the inline scripts in the app's build (`builtInlineScriptHashes`). */
  inlineScriptHashes: readonly string[]
  /** Served over HTTPS on a real domain: adds Strict-Transport-Security. */
  production: boolean
}

/** Two years, with subdomains: what browsers' HSTS preload lists ask for. */
export const hstsMaxAgeSeconds = 730 * 24 * 60 * 60

/**
 * The origin a URL's requests go to. A value that is not a URL yet is one known only at deployment (a
 * CloudFormation reference to the API's generated address, which may end in its stage's path, `…/api`): it
 * stands as given with a trailing slash, because a CSP source with a path and no slash matches that one path
 * exactly, while with the slash it matches every path below it (`…/api/features`).
 */
function originOf(url: string): string {
  if (URL.canParse(url)) return new URL(url).origin
  return url.endsWith('/') ? url : `${url}/`
}

/**
 * Where browsers post CSP violation reports when error reporting is on: Sentry's security endpoint of the
 * project the DSN names (`https://<key>@<host>/<project>`).
 */
export function violationReportUrl(dsn: string, environment?: string): string {
  const parsed = new URL(dsn)
  const segments = parsed.pathname.split('/').filter(Boolean)
  const project = segments.pop()
  if (!project || !parsed.username) throw new Error(`The Sentry DSN ${dsn} names no project or key`)
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : ''
  const query = new URLSearchParams({ sentry_key: parsed.username })
  if (environment) query.set('sentry_environment', environment)
  return `${parsed.origin}${prefix}/api/${project}/security/?${query}`
}

/** The Content-Security-Policy header's value. */
export function contentSecurityPolicy({ app, config, inlineScriptHashes }: SecurityHeaderOptions): string {
  const sentryDsn = config.sentry?.dsn
  const connect = new Set(["'self'", originOf(config.apiUrl), originOf(config.cognito.endpoint)])
  if (sentryDsn) connect.add(originOf(sentryDsn))
  const script = ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)]
  // The reception's barcode decoder is WebAssembly (zxing-wasm), which compiles only with this keyword.
  if (app === 'reception') script.push("'wasm-unsafe-eval'")
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', ...script],
    // Emotion (MUI) writes <style> elements at run time, and a static host cannot give each response a
    // nonce: inline styles stay allowed. Styles cannot run script (docs/decisions/093).
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', ...connect],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  if (sentryDsn) directives.push(['report-uri', violationReportUrl(sentryDsn, config.sentry?.environment)])
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/**
 * Powerful features no page of ours uses are switched off; the reception's scanner may use the camera on its
 * own origin only.
 */
export function permissionsPolicy(app: WebApp): string {
  const camera = app === 'reception' ? 'camera=(self)' : 'camera=()'
  return [camera, 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'].join(', ')
}

/** Every security header of one app, by header name. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return securityHeadersWith(contentSecurityPolicy(options), options)
}

/**
 * The header set around a given Content-Security-Policy value. CDK fills the policy in at synthesis, once the
 * API's address exists (infra/src/static-site.ts); everything else is known from the app alone.
 */
export function securityHeadersWith(
  policy: string,
  { app, production }: Pick<SecurityHeaderOptions, 'app' | 'production'>,
): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(app),
    ...(production ? { 'Strict-Transport-Security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` } : {}),
  }
}

/** Script types a browser runs; anything else (JSON data, templates) is inert and needs no hash. */
const executableScriptTypes = new Set(['', 'text/javascript', 'application/javascript', 'module'])

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node
  const children = 'content' in node && node.content ? node.content.childNodes : []
  for (const child of [...('childNodes' in node ? node.childNodes : []), ...children]) yield* elements(child)
}

/** `'sha256-…'` sources (without quotes) of the inline scripts a page would run, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const element of elements(parse(html))) {
    if (element.tagName !== 'script') continue
    const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value
    if (attribute('src') !== undefined) continue
    if (!executableScriptTypes.has((attribute('type') ?? '').trim().toLowerCase())) continue
    const source = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')
    hashes.push(`sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`)
  }
  return hashes
}

/** The distinct inline-script hashes of every HTML file of a build folder, sorted. */
export function builtInlineScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>()
  for (const entry of readdirSync(distDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    for (const hash of inlineScriptHashes(readFileSync(join(entry.parentPath, entry.name), 'utf8'))) {
      hashes.add(hash)
    }
  }
  return [...hashes].sort()
}
