import { describe, expect, it } from 'vitest'
import { installPreloadRetry, locationAfterPreloadFailure } from './preload-retry.ts'

describe('preload retry', () => {
  it('reloads with a retry counter, up to the limit, then goes to the origin without it', () => {
    let href = 'https://furfes.example/ja/faq?ref=poster'
    const visited: string[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      href = locationAfterPreloadFailure(href, 5)
      visited.push(href)
    }
    expect(visited).toEqual([
      'https://furfes.example/ja/faq?ref=poster&retry=1',
      'https://furfes.example/ja/faq?ref=poster&retry=2',
      'https://furfes.example/ja/faq?ref=poster&retry=3',
      'https://furfes.example/ja/faq?ref=poster&retry=4',
      'https://furfes.example/ja/faq?ref=poster&retry=5',
      'https://furfes.example/',
    ])
  })

  it('treats a counter it cannot read as none', () => {
    expect(locationAfterPreloadFailure('https://furfes.example/ja?retry=x', 5)).toBe(
      'https://furfes.example/ja?retry=1',
    )
  })

  it('reloads once when Vite reports a failed preload, and lets the failed import see its error', () => {
    const target = new EventTarget() as EventTarget & { location: { href: string } }
    target.location = { href: 'https://furfes.example/en/timetable?retry=2' }
    const replaced: string[] = []
    installPreloadRetry({
      limit: 5,
      target: target as unknown as Pick<Window, 'addEventListener' | 'location'>,
      replace: (href) => replaced.push(href),
    })
    const event = new Event('vite:preloadError', { cancelable: true })
    target.dispatchEvent(event)
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    // The failed import still sees its error, so it never resolves to a missing module.
    expect(event.defaultPrevented).toBe(false)
    expect(replaced).toEqual(['https://furfes.example/en/timetable?retry=3'])
  })
})
