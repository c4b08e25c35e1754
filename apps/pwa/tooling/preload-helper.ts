// Build plugin: the helper Vite wraps every lazy import in, without the part that preloads a chunk's imports.
//
// With `build.modulePreload: false` (decision 187) Vite passes the helper no JavaScript to preload; what it
// could still preload is a lazy chunk's CSS, and the site has none (its styles are Emotion's, in the JavaScript).
// Yet the helper's preloading code (link elements, CSP nonces, CSS detection) stayed in the entry every page
// downloads. This one keeps what the site relies on: a failed lazy import fires `vite:preloadError`, which the
// preload retry answers (docs/requirements.md SITE-11), and rejects unless a listener prevented that. The build
// fails if a chunk ever imports CSS, so that nothing is silently left unloaded (docs/decisions/209).
import type { Plugin } from 'vite'

const helperId = '\0vite/preload-helper.js'

const helperCode = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true })
    event.payload = error
    window.dispatchEvent(event)
    if (!event.defaultPrevented) throw error
  })
`

export function leanPreloadHelperPlugin(): Plugin {
  return {
    name: 'furfes-lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load: {
      filter: { id: new RegExp(`^${helperId.replace(/[.\\/]/g, '\\$&')}$`) },
      handler: () => helperCode,
    },
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && (output.viteMetadata?.importedCss.size ?? 0) > 0)
          this.error(`${output.fileName} imports CSS, which the lean preload helper does not load`)
      }
    },
  }
}
