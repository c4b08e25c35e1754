// Build plugin shape for the files the site has once per language (web manifests, calendar files): `vite`
// (development) serves them from memory, so links resolve there too, and the client build writes them as assets,
// both from the same source function.
import type { Plugin } from 'vite'

const languages = ['ja', 'en'] as const
export type Language = (typeof languages)[number]

export function languageFilesPlugin({
  name,
  href,
  contentType,
  source,
}: {
  name: string
  /** The file's address from the site's root, e.g. `/furfes.ja.ics`. */
  href: (language: Language) => string
  contentType: string
  source: (language: Language) => string
}): Plugin {
  return {
    name,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = languages.find((candidate) => request.url === href(candidate))
        if (!language) return next()
        response.setHeader('content-type', contentType)
        response.end(source(language))
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      for (const language of languages) {
        this.emitFile({ type: 'asset', fileName: href(language).slice(1), source: source(language) })
      }
    },
  }
}
