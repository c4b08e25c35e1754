import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { HomePage } from './HomePage.tsx'
import { createReceptionI18n } from './i18n.ts'

describe('reception home', () => {
  it.each([
    ['ja', '受付アプリ'],
    ['en', 'Reception app'],
  ] as const)('greets staff in %s', (language, heading) => {
    render(
      <I18nextProvider i18n={createReceptionI18n(language)}>
        <HomePage />
      </I18nextProvider>,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading)
  })
})
