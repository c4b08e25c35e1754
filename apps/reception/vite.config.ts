import { brandColors } from '@furfes/core'
import { documentHeadPlugin, runtimeConfigPlugin, securityHeadersPlugin } from '@furfes/ui/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

export default defineConfig({
  plugins: [
    react(),
    // First, so that every answer carries the headers, /config.json included.
    securityHeadersPlugin('reception'),
    runtimeConfigPlugin(),
    // The manifest link is the one VitePWA writes below.
    documentHeadPlugin({ appleTouchIcon: '/apple-touch-icon.png' }),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: '受付 | 東京ふぁーりーフェス 2025',
        short_name: '受付',
        description: '登録コードの読み取りとチェックイン / Registration-code scanning and check-in',
        lang: 'ja',
        start_url: '/ja/admin/scan',
        scope: '/',
        display: 'standalone',
        orientation: 'landscape',
        theme_color: brandColors.primary,
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
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
