// Vite plugin (runs in Node, not in the browser): serves /config.json for `vite` and `vite preview` from
// the environment the start script sets, so the same build works on any ports.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { brandColors } from '@furfes/core'
import type { HtmlTagDescriptor, Plugin, PreviewServer } from 'vite'
import { type RuntimeConfig, runtimeConfigSchema } from './runtime-config.ts'
import { builtInlineScriptHashes, securityHeaders, type WebApp } from './security-headers.ts'

function required(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback
  if (!value) throw new Error(`${name} is not set; start the stack with npm start or npm run dev`)
  return value
}

/** A comma-separated list; empty entries are dropped. */
function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items && items.length > 0 ? items : undefined
}

/** An optional number; a value that is not one is refused when the config is parsed. */
function optionalNumber(name: string): number | undefined {
  const value = process.env[name]
  return value === undefined || value === '' ? undefined : Number(value)
}

export function runtimeConfigFromEnv(): RuntimeConfig {
  const apiUrl = required('API_URL', 'http://localhost:8787')
  return runtimeConfigSchema.parse({
    apiUrl,
    pwaUrl: required('PWA_URL', 'http://localhost:5173'),
    receptionUrl: required('RECEPTION_URL', 'http://localhost:5174'),
    contactUrl: required('CONTACT_URL', 'https://docs.google.com/forms/'),
    cognito: {
      region: required('COGNITO_REGION', 'ap-northeast-1'),
      endpoint: required('COGNITO_ENDPOINT', 'http://localhost:9229'),
      members: {
        userPoolId: required('COGNITO_MEMBERS_POOL_ID'),
        clientId: required('COGNITO_MEMBERS_CLIENT_ID'),
      },
      admins: {
        userPoolId: required('COGNITO_ADMINS_POOL_ID'),
        clientId: required('COGNITO_ADMINS_CLIENT_ID'),
      },
    },
    apiTimeoutMs: optionalNumber('API_TIMEOUT_MS'),
    reception: { idleWipeHours: optionalNumber('RECEPTION_IDLE_WIPE_HOURS') },
    sentry: {
      dsn: process.env.SENTRY_DSN || undefined,
      // Traces follow requests to our own API unless told otherwise.
      tracingTargets: list(process.env.SENTRY_TRACING_TARGETS) ?? [apiUrl],
      environment: process.env.SENTRY_ENVIRONMENT || undefined,
    },
  })
}

export function runtimeConfigPlugin(): Plugin {
  const serve = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (request.url?.split('?')[0] !== '/config.json') return next()
    response.setHeader('content-type', 'application/json')
    response.setHeader('cache-control', 'no-cache')
    response.end(JSON.stringify(runtimeConfigFromEnv()))
  }
  return {
    name: 'furfes-runtime-config',
    configureServer(server) {
      server.middlewares.use(serve)
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve)
    },
  }
}

/**
 * Sends the app's security headers (./security-headers.ts) with every answer of `vite preview`, built from the
 * same runtime config `/config.json` serves and the inline scripts of the build it serves. `vite` (npm run dev)
 * sends none: its hot reload runs inline scripts a strict policy refuses.
 */
export function securityHeadersPlugin(app: WebApp): Plugin {
  return previewServerPlugin('furfes-security-headers', (server, outDir) => {
    const headers = Object.entries(
      securityHeaders({
        app,
        config: runtimeConfigFromEnv(),
        inlineScriptHashes: builtInlineScriptHashes(outDir),
        production: false,
      }),
    )
    server.middlewares.use((_request, response, next) => {
      for (const [name, value] of headers) response.setHeader(name, value)
      next()
    })
  })
}

/** A plugin that sets up `vite preview`, which serves the build: it gets the build's output folder. */
export function previewServerPlugin(
  name: string,
  configure: (server: PreviewServer, outDir: string) => void,
): Plugin {
  let outDir = ''
  return {
    name,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    configurePreviewServer(server) {
      configure(server, outDir)
    },
  }
}

/**
 * How Japanese headings, the header's links, buttons, tabs, table headers and card titles break (docs/decisions/190-japanese-phrase-breaks.md):
 * between phrases, never inside a word. `auto-phrase` where the browser knows Japanese phrases; elsewhere only
 * at spaces, punctuation and the <wbr> the PWA's prerender puts at BudouX's phrase boundaries (`keep-all`,
 * docs/decisions/205-phrase-breaks-as-markup.md). A word longer
 * than its line still breaks rather than overflowing; a table header keeps its longest phrase as its narrowest
 * width, so no column shrinks to one character.
 */
const phrased = 'h1,h2,h3,h4,h5,h6,header a,button,.MuiButton-root,[role=tab],.MuiCardHeader-title'
export const phraseBreakCss = [
  `:lang(ja) :is(${phrased}){word-break:keep-all;overflow-wrap:anywhere}`,
  ':lang(ja) th{word-break:keep-all;overflow-wrap:break-word}',
  `@supports (word-break:auto-phrase){:lang(ja) :is(${phrased},th){word-break:auto-phrase}}`,
].join('')

/**
 * Writes the head every app page shares (character set, viewport, the brand's theme colour, icons, the web app
 * manifest, how Japanese breaks) into the app's index.html, so both apps keep one copy of it and the theme colour follows the
 * brand's. Each app names its own touch icon and, where it links one, its manifest; the title stays in the
 * page. `public/offline.html` is served as it is written and keeps its own head.
 */
export function documentHeadPlugin(links: { appleTouchIcon: string; manifest?: string }): Plugin {
  const tag = (name: 'meta' | 'link', attrs: Record<string, string>): HtmlTagDescriptor => ({
    tag: name,
    attrs,
    injectTo: 'head-prepend',
  })
  const tags = [
    tag('meta', { charset: 'UTF-8' }),
    tag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
    tag('meta', { name: 'theme-color', content: brandColors.primary }),
    tag('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
    tag('link', { rel: 'apple-touch-icon', href: links.appleTouchIcon }),
    ...(links.manifest ? [tag('link', { rel: 'manifest', href: links.manifest })] : []),
    // Plain CSS in the page, not in the script: the top page's JavaScript is at its budget (decision 041).
    { tag: 'style', children: phraseBreakCss, injectTo: 'head-prepend' } satisfies HtmlTagDescriptor,
  ]
  return { name: 'furfes-document-head', transformIndexHtml: { order: 'pre', handler: () => tags } }
}
