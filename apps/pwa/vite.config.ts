import { fileURLToPath } from 'node:url'
import { documentHeadPlugin, runtimeConfigPlugin, securityHeadersPlugin } from '@furfes/ui/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { buildEditionPlugin } from './tooling/build-edition.ts'
import { bundleReportPlugin } from './tooling/bundle-report.ts'
import { compressedPreviewPlugin } from './tooling/compressed-preview.ts'
import { eventCalendarPlugin } from './tooling/event-calendar.ts'
import { leanPreloadHelperPlugin } from './tooling/preload-helper.ts'
import { pureCoreDeclarationsPlugin } from './tooling/pure-core.ts'
import { reactChunk, registrationFactsChunk, siteChunk } from './tooling/site-chunk.ts'
import { webManifestsPlugin } from './tooling/web-manifests.ts'

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')

export default defineConfig({
  plugins: [
    react(),
    // First, so that every answer carries the headers, /config.json included.
    securityHeadersPlugin('pwa'),
    runtimeConfigPlugin(),
    // The Japanese manifest is the default; the prerender step links each page's own language.
    documentHeadPlugin({
      appleTouchIcon: '/icons/apple-touch-icon.png',
      manifest: '/manifest.ja.webmanifest',
    }),
    pureCoreDeclarationsPlugin(),
    leanPreloadHelperPlugin(),
    buildEditionPlugin(),
    compressedPreviewPlugin(),
    bundleReportPlugin(root),
    webManifestsPlugin(root),
    eventCalendarPlugin(),
    // The service worker (service-worker/sw.ts, docs/decisions/090). Its precache list is written after the
    // prerender step (scripts/precache.ts), so that it holds every prerendered page: hence no injection here.
    // The manifests are one per language (tooling/web-manifests.ts), linked by each page.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      manifest: false,
      injectManifest: { injectionPoint: undefined },
    }),
  ],
  // A JSON module exports its whole object only, not each top-level key too: a page's copy and core's labels load
  // as JSON chunks of their own, and the module namespace of every key cost each such chunk its export list
  // (decision 209). Nothing imports a JSON file's keys by name.
  json: { namedExports: false },
  build: {
    // No preload lists for lazy chunks: every page's lazy chunks import the shared chunks the boot chunk imports
    // too, so the lists (1.5 KiB of every page's entry and boot chunk) only started those fetches one round trip
    // earlier, before a hydration the prerendered first paint does not wait for (docs/decisions/187).
    modulePreload: false,
    rolldownOptions: {
      // The modules every public page shares in few chunks, not a dozen small ones (decision 164).
      output: { codeSplitting: { groups: [siteChunk, reactChunk, registrationFactsChunk] } },
      // @furfes/core is plain declarations and pure functions. Saying so lets a page that needs one price
      // leave out the contract, zod and the Cognito SDK that the rest of the barrel re-exports.
      // hoist-non-react-statics (and the old react-is it carries) serve only Emotion's `withTheme`, which
      // nothing here calls; as CommonJS without a `sideEffects` field they would stay in the first load of
      // every page with a button (decision 041).
      treeshake: {
        moduleSideEffects: (id: string) =>
          id.includes('/packages/core/src/') ||
          /\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id)
            ? false
            : undefined,
      },
    },
  },
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
})
