import { screen } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { appTest, renderApp } from '../test/render.tsx'

describe('settings', () => {
  appTest('switches the feature flags on the API (ja)', async (user) => {
    const app = await renderApp({ path: '/ja/admin/settings', signedIn: true })
    const maintenance = await screen.findByRole('switch', { name: 'メンテナンス中' })
    expect((maintenance as HTMLInputElement).checked).toBe(false)
    await user.click(maintenance)
    expect(await screen.findByText('フラグを保存しました。')).toBeTruthy()
    expect(app.server.flags).toEqual({
      is_new_club_activity_establishment_available: true,
      is_registration_available: true,
      is_under_maintenance: true,
    })
    expect((screen.getByRole('switch', { name: 'メンテナンス中' }) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('switch', { name: '参加登録の受付中' }))
    expect(
      ((await screen.findByRole('switch', { name: '参加登録の受付中' })) as HTMLInputElement).checked,
    ).toBe(false)
    expect(app.server.flags.is_registration_available).toBe(false)
  })

  appTest('names the device (en)', async (user) => {
    const app = await renderApp({ path: '/en/admin/settings', language: 'en', signedIn: true })
    expect(await screen.findByRole('switch', { name: 'New club applications are open' })).toBeTruthy()
    const name = screen.getByLabelText('Device name')
    await user.clear(name)
    await user.type(name, 'Door B{Enter}')
    expect(await screen.findByText('The device name was saved.')).toBeTruthy()
    expect(app.services.device.getSnapshot().name).toBe('Door B')
  })
})
