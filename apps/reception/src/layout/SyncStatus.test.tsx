import { screen } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { appTest, renderApp } from '../test/render.tsx'

describe('sync state in the app bar', () => {
  appTest('shows online, the waiting count and the last sync (en)', async () => {
    await renderApp({
      path: '/en/admin/settings',
      language: 'en',
      signedIn: true,
      prepare: async (services) => {
        // A check-in of a registration the API does not know: it is uploaded and answered (refused), so
        // nothing is left waiting.
        await services.store.recordCheckIn('00000000-0000-4000-8000-000000009999')
      },
    })
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Online')
    expect(await screen.findByText('Last sync: 09:30:00')).toBeTruthy()
    expect(screen.getByText('0 waiting')).toBeTruthy()
  })

  appTest('says when the API cannot take the upload, and keeps the check-in waiting (ja)', async () => {
    await renderApp({
      path: '/ja/admin/settings',
      signedIn: true,
      prepare: async (services) => {
        await services.store.recordCheckIn('00000000-0000-4000-8000-000000009999')
        services.api.uploadCheckIns = () => Promise.reject(new Error('the API answered 500'))
      },
    })
    expect(await screen.findByText('前回の同期に失敗しました。再試行します。')).toBeTruthy()
    expect(screen.getByText('未送信 1件')).toBeTruthy()
    expect(screen.getByText('最終同期: 未同期')).toBeTruthy()
  })
})
