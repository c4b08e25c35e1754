import type { Locator, Page } from '@playwright/test'
import { createMember } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { notFoundAnswers } from '../support/mypage.ts'
import { appStarted } from '../support/public-site.ts'
import { createPaidParticipant, signInAdmin, withDevices } from '../support/reception.ts'

// The journeys people take with a keyboard alone: no click, no mouse, only Tab, Enter, Space and typing.

/** Presses Tab until `target` has the focus; fails when it is not reachable within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Not reachable with Tab in ${limit} presses: ${target}`)
}

test.describe('with the keyboard alone', () => {
  test('a phone reader opens the menu, goes to a page, and switches the theme', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await page.goto('/ja/faq')
    await appStarted(page)
    const menuButton = page.getByRole('button', { name: 'メニューを開く' })
    await tabTo(page, menuButton)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'サイトメニュー' })
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'メニューを閉じる' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await tabTo(page, menu.getByRole('link', { name: '会場マップ' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会場マップ')
    // The new page takes the focus, so the next Tab starts from it, and the menu has closed.
    await expect(page.getByRole('main')).toBeFocused()
    await expect(menu).toBeHidden()

    const themeSwitch = page.getByRole('button', { name: 'ダークテーマ' })
    await tabTo(page, themeSwitch)
    await page.keyboard.press('Space')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(themeSwitch).toHaveAttribute('aria-pressed', 'true')
  })

  test('a member signs in, pressing Enter in the form, and reaches My Page', async ({
    page,
    expectConsoleError,
  }) => {
    // A new member has no registration, profile or additional info yet: the API answers 404 for each.
    expectConsoleError(notFoundAnswers)
    const member = await createMember('keyboard')
    await page.goto('/ja/sign-in')
    await appStarted(page)
    await tabTo(page, page.getByLabel(/^メールアドレス/))
    await page.keyboard.type(member.email)
    await tabTo(page, page.getByLabel(/^パスワード/))
    await page.keyboard.type(member.password)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/ja\/mypage\/dashboard$/)
    await expect(page.getByText(`${member.email} でサインインしています。`)).toBeVisible()
    await expect(page.getByText('まだ参加登録していません。')).toBeVisible()
  })

  test('staff check a participant in at the door from the keyboard', async ({ browser }) => {
    test.setTimeout(120_000)
    const participant = await createPaidParticipant(browser, `Keys ${Math.random().toString(36).slice(2, 8)}`)
    await withDevices(browser, ['Keyboard gate'], async ([{ page }]) => {
      await signInAdmin(page)
      // The sections are a tab list: Tab reaches the selected tab, the arrow keys move between tabs.
      await tabTo(page, page.getByRole('tab', { name: 'Participants' }))
      await page.keyboard.press('ArrowLeft')
      await expect(page.getByRole('tab', { name: 'Scan' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('tab', { name: 'Scan' })).toHaveAttribute('aria-selected', 'true')
      const codeField = page.getByLabel('Registration code')
      await tabTo(page, codeField)
      await page.keyboard.type(participant.code)
      await page.keyboard.press('Enter')
      const verdict = page.locator('[data-verdict]:visible')
      await expect(verdict).toHaveAttribute('data-verdict', 'valid')
      await expect(verdict).toContainText(participant.badgeName)
    })
  })
})
