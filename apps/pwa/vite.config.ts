import { runtimeConfigPlugin } from '@furfes/ui/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

export default defineConfig({
  plugins: [
    react(),
    runtimeConfigPlugin(),
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
  preview: { host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
})
