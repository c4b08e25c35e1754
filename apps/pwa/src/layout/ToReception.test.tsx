import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../test/render-app.tsx'

describe("the spec's admin routes", () => {
  it.each([
    ['/ja/admin-sign-in', 'http://localhost:5174/ja/admin-sign-in'],
    ['/en/admin-sign-in', 'http://localhost:5174/en/admin-sign-in'],
    ['/ja/admin', 'http://localhost:5174/ja/admin'],
    ['/en/admin/participants', 'http://localhost:5174/en/admin'],
  ])('leave %s for the reception app at %s, its address from the runtime configuration', async (path, to) => {
    const { recorded } = renderApp(path)
    await waitFor(() => expect(recorded.replacedLocations).toEqual([to]))
    expect(recorded.reportedErrors).toEqual([])
  })
})
