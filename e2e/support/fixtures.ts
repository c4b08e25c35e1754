import { test as base, expect } from '@playwright/test'

interface BrowserErrors {
  logged: string[]
  expected: RegExp[]
}

/**
 * Every page fails its test when the browser logs an error or a page script throws. A test that provokes an
 * error on purpose (a request it makes fail) declares the message with `expectConsoleError`; any other error
 * still fails it.
 */
export const test = base.extend<{
  browserErrors: BrowserErrors
  expectConsoleError: (pattern: RegExp) => void
}>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: BrowserErrors = { logged: [], expected: [] }
      page.on('console', (message) => {
        if (message.type() === 'error') errors.logged.push(message.text())
      })
      page.on('pageerror', (error) => errors.logged.push(error.message))
      await use(errors)
      const unexpected = errors.logged.filter(
        (error) => !errors.expected.some((pattern) => pattern.test(error)),
      )
      expect(unexpected, 'errors logged in the browser').toEqual([])
    },
    { auto: true },
  ],
  expectConsoleError: async ({ browserErrors }, use) => {
    await use((pattern) => {
      browserErrors.expected.push(pattern)
    })
  },
})

export { expect }
