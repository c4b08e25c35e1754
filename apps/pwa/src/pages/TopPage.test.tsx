import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createPwaI18n } from '../i18n.ts'
import { routes } from '../routes.tsx'

function renderAt(path: string) {
  const i18n = createPwaI18n('ja')
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  )
  return router
}

describe('top page', () => {
  it('shows the event in Japanese under /ja with a Japanese title', async () => {
    renderAt('/ja')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      '東京ふぁーりーフェス 2025',
    )
    expect(document.title).toBe('トップ | 東京ふぁーりーフェス 2025')
  })

  it('shows the event in English under /en while the title stays Japanese', async () => {
    renderAt('/en')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Tokyo Furry Fes 2025',
    )
    expect(document.title).toBe('トップ | 東京ふぁーりーフェス 2025')
  })

  it('redirects an unsupported language prefix to the Japanese top page', async () => {
    const router = renderAt('/fr')
    await screen.findByRole('heading', { level: 1 })
    expect(router.state.location.pathname).toBe('/ja')
  })
})
