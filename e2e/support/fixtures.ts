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
        if (message.type() !== 'error') return
        // A failed load names no address in its text: the report adds it, so a failure says which request.
        const { url } = message.location()
        const named = message.text().startsWith('Failed to load resource') && url ? ` (${url})` : ''
        errors.logged.push(`${message.text()}${named}`)
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
