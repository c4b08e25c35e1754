import { fileURLToPath } from 'node:url'
import { runtimeConfigPlugin } from '@furfes/ui/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { bundleReportPlugin } from './tooling/bundle-report.ts'
import { compressedPreviewPlugin } from './tooling/compressed-preview.ts'
import { pureCoreDeclarationsPlugin } from './tooling/pure-core.ts'

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')

export default defineConfig({
  plugins: [
    react(),
    runtimeConfigPlugin(),
    pureCoreDeclarationsPlugin(),
    compressedPreviewPlugin(),
    bundleReportPlugin(root),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: '東京ふぁーりーフェス 2025',
        short_name: 'ふぁーりーフェス',
        lang: 'ja',
        start_url: '/ja',
        display: 'standalone',
        theme_color: '#d63384',
        background_color: '#ffffff',
        icons: [],
      },
      workbox: { navigateFallback: '/index.html', globPatterns: ['**/*.{js,css,html,svg,png,webp,json}'] },
    }),
  ],
  build: {
    rolldownOptions: {
      // @furfes/core is plain declarations and pure functions. Saying so lets a page that needs one price
      // leave out the contract, zod and the Cognito SDK that the rest of the barrel re-exports.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/core/src/') ? false : undefined),
      },
    },
  },
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
})
