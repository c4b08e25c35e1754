import { afterEach, describe, expect, it } from 'vitest'
import { appStarted, markAppStarted } from './started.ts'

describe('appStarted', () => {
  afterEach(() => {
    delete document.documentElement.dataset.app
  })

  it('is pending until the app marks itself started, then settles and the page says the app is ready', async () => {
    const settled = await Promise.race([appStarted.then(() => 'started'), Promise.resolve('pending')])
    expect(settled).toBe('pending')
    expect(document.documentElement.dataset.app).toBeUndefined()

    markAppStarted()

    await expect(appStarted).resolves.toBeUndefined()
    expect(document.documentElement.dataset.app).toBe('ready')
  })
})
