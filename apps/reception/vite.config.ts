import { firstEdition } from '@furfes/core'
import { documentHeadPlugin, runtimeConfigPlugin, securityHeadersPlugin } from '@furfes/ui/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { receptionManifest, receptionTitle } from './src/app/web-manifest.ts'

export default defineConfig({
  plugins: [
    react(),
    // First, so that every answer carries the headers, /config.json included.
    securityHeadersPlugin('reception'),
    runtimeConfigPlugin(),
    // The manifest link is the one VitePWA writes below.
    documentHeadPlugin({ appleTouchIcon: '/apple-touch-icon.png' }),
    // The title names the edition the app is built with (docs/decisions/163-the-edition-names-the-sites.md).
    {
      name: 'furfes-reception-title',
      transformIndexHtml: (html: string) =>
        html.replace(/<title>[^<]*<\/title>/, `<title>${receptionTitle(firstEdition)}</title>`),
    },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: receptionManifest(firstEdition),
      workbox: {
        // Everything the app runs on is precached: the scanner works at a door without network.
        globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/config\.json$/],
        runtimeCaching: [
          {
            // Deploy-time configuration: fresh when online, the last copy when not.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-config', networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
  ],
  build: {
    // A staff app installed once per tablet and precached whole: chunk size matters less than for visitors.
    chunkSizeWarningLimit: 1024,
    // bench/bundle.ts reads which chunk loads when (the dashboard's charts stay out of the first load).
    manifest: true,
    rolldownOptions: {
      // @furfes/core is declarations and pure functions: let the bundle drop what the app does not use.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/core/src/') ? false : undefined),
      },
      output: {
        // Zod's configuration first, in a chunk of its own: a chunk the entry imports runs whole before the
        // entry's own code, so a schema made at the top of a module sharing Zod's chunk would otherwise try eval
        // before the configuration says not to (docs/decisions/093).
        codeSplitting: { groups: [{ name: 'zod-config', test: /zod-config\.ts$/, priority: 100 }] },
      },
    },
  },
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
})
