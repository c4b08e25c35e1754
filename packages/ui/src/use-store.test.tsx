import { createStore, type Store } from '@furfes/core'
import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useStore } from './use-store.ts'

function Count({ store, serverSnapshot }: { store: Store<number>; serverSnapshot?: () => number }) {
  return <output>{useStore(store, serverSnapshot)}</output>
}

describe('useStore', () => {
  it("renders the store's value and renders again when it changes", () => {
    const store = createStore(1)
    render(<Count store={store} />)
    expect(screen.getByRole('status').textContent).toBe('1')
    act(() => store.set(2))
    expect(screen.getByRole('status').textContent).toBe('2')
  })

  it('prerenders the server snapshot where one is given, and the value otherwise', () => {
    const store = createStore(5)
    expect(renderToString(<Count store={store} serverSnapshot={() => 0} />)).toBe('<output>0</output>')
    expect(renderToString(<Count store={store} />)).toBe('<output>5</output>')
  })
})
