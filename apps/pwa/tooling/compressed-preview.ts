// `vite preview` serves files uncompressed; production (a CDN) sends them with Brotli or gzip. This plugin
// makes the preview server compress like production, so Lighthouse and the e2e tests measure what visitors get.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { previewServerPlugin } from '@furfes/ui/vite'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** The file a request names: the file itself, or a prerendered page's index.html. */
function fileFor(outDir: string, pathname: string): string | undefined {
  const path = resolve(outDir, `.${pathname}`)
  if (path !== outDir && !path.startsWith(outDir + sep)) return undefined
  for (const candidate of [path, join(path, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

interface Compressed {
  mtime: number
  br: Buffer
  gzip: Buffer
}

function compress(file: string): Compressed {
  const raw = readFileSync(file)
  return {
    mtime: statSync(file).mtimeMs,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  }
}

/** Every compressible file under a folder. */
function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extname(entry.name) in contentTypes)
    .map((entry) => join(entry.parentPath, entry.name))
}

export function compressedPreviewPlugin() {
  return previewServerPlugin('furfes-compressed-preview', (server, outDir) => {
    // Compressed once at start, as a CDN serves from its cache: compressing on the first request would add
    // its time to that request's response time, which Lighthouse counts as the server's.
    const cache = new Map<string, Compressed>()
    if (existsSync(outDir)) for (const file of compressibleFiles(outDir)) cache.set(file, compress(file))
    server.middlewares.use((request, response, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next()
      let pathname: string
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
      } catch {
        return next()
      }
      const file = fileFor(outDir, pathname)
      const type = file ? contentTypes[extname(file)] : undefined
      const accepted = String(request.headers['accept-encoding'] ?? '')
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined
      if (!file || !type || !encoding) return next()
      let entry = cache.get(file)
      if (!entry || entry.mtime !== statSync(file).mtimeMs) {
        entry = compress(file)
        cache.set(file, entry)
      }
      const body = entry[encoding]
      response.setHeader('content-type', type)
      response.setHeader('content-encoding', encoding)
      response.setHeader('content-length', body.length)
      response.setHeader('vary', 'accept-encoding')
      // Hashed assets never change; pages, the manifest and the service worker must be revalidated.
      response.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      response.end(request.method === 'HEAD' ? undefined : body)
    })
  })
}
