import { test as base, expect } from '@playwright/test'

/** Every page fails its test when the browser logs an error or a page script throws. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'errors logged in the browser').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
