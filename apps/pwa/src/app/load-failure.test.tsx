import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { lazyWithRetry, loadWithRetry, setLoadFailureHandler } from './load-failure.ts'

describe('lazily loaded modules', () => {
  afterEach(() => setLoadFailureHandler((error) => Promise.reject(error)))

  it('hand a failed load to the load-failure handler, which the browser entry sets to the retry reload', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module')
    const handled: unknown[] = []
    setLoadFailureHandler((error) => {
      handled.push(error)
      return new Promise<never>(() => {})
    })
    const Page = lazyWithRetry(() => Promise.reject(failure))
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    )
    expect(await screen.findByText('loading')).toBeTruthy()
    await expect.poll(() => handled).toEqual([failure])
  })

  it('pass a loaded module through untouched', async () => {
    const Page = lazyWithRetry(() => Promise.resolve({ default: () => <p>the page</p> }))
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    )
    expect(await screen.findByText('the page')).toBeTruthy()
  })

  it('reject where nothing can reload (prerendering, tests), so the route error page shows', async () => {
    const failure = new Error('no chunk')
    await expect(loadWithRetry(() => Promise.reject(failure))).rejects.toBe(failure)
  })
})
