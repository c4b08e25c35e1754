import { type Edition, type EditionPhase, publicEditionCodec } from '@furfes/core'
import { expect, type Page } from '@playwright/test'
import { apiUrl } from './accounts.ts'

/**
 * The edition the e2e stack's API serves as current (`GET /edition`): the stack seeds a development edition on
 * sale on the day it starts (EDITION_SEED, decision 155), so its dates move with the calendar and a test states
 * what it expects from this answer, never from a fixed year.
 */
export async function servedEdition(): Promise<{ edition: Edition; phase: EditionPhase }> {
  const response = await fetch(`${apiUrl}/edition`)
  if (!response.ok) throw new Error(`GET /edition answered ${response.status}`)
  return publicEditionCodec.decode(await response.json())
}

/** The sentence every page that states the phase shows once the edition is over (decision 160). */
const overSentence = { ja: 'ご参加ありがとうございました。', en: 'Thank you for coming.' } as const

/**
 * Asserts that the page the browser is on states that the edition is over and offers no way to register: no
 * link to the registration form (the about-registration page's button, My Page's "register" step).
 */
export async function expectOverState(page: Page, language: 'ja' | 'en'): Promise<void> {
  await expect(page.locator('.registration-phase').first()).toHaveAttribute('data-phase', 'over')
  await expect(page.locator('.registration-phase').first()).toContainText(overSentence[language])
  await expect(page.locator('a[href$="/mypage/registration"]')).toHaveCount(0)
}
