import { beforeEach, describe, expect, it, vi } from 'vitest'

describe('appStarted', () => {
  beforeEach(() => {
    // Another test file in this worker may have started an app on the same document.
    delete document.documentElement.dataset.app
    vi.resetModules()
  })

  it('is pending until the app marks itself started, then settles and the page says the app is ready', async () => {
    const { appStarted, markAppStarted } = await import('./started.ts')
    const settled = await Promise.race([appStarted.then(() => 'started'), Promise.resolve('pending')])
    expect(settled).toBe('pending')
    expect(document.documentElement.dataset.app).toBeUndefined()

    markAppStarted()

    await expect(appStarted).resolves.toBeUndefined()
    expect(document.documentElement.dataset.app).toBe('ready')
  })
})
