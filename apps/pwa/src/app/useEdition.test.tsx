import { edition as builtEdition, phase as builtPhase } from 'virtual:edition'
import { act, render, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createFakeServices, type FakeOptions } from '../test/render-app.tsx'
import { ServicesProvider } from './services.tsx'
import { useEdition, useEditionPart } from './useEdition.ts'

/** Renders two readers of the edition, one of its name alone and one of the whole state, counting their renders. */
function renderReaders(options: FakeOptions) {
  const renders = { name: 0, state: 0 }
  function NameReader() {
    renders.name += 1
    return <p>{useEditionPart((state) => state.edition.name.en)}</p>
  }
  function StateReader() {
    renders.state += 1
    const { judged } = useEdition()
    return <p>{judged ? 'judged' : 'not judged yet'}</p>
  }
  const { services, recorded } = createFakeServices(options)
  render(
    <ServicesProvider services={services}>
      <NameReader />
      <StateReader />
    </ServicesProvider>,
  )
  return { renders, recorded }
}

describe('reading the edition (docs/decisions/160, 203)', () => {
  it('renders a reader of one part once when the answer leaves that part as it was built', async () => {
    const { renders, recorded } = renderReaders({ edition: { edition: builtEdition, phase: builtPhase } })
    expect(screen.getByText(builtEdition.name.en)).toBeTruthy()
    expect(await screen.findByText('judged')).toBeTruthy()
    expect(recorded.editionFetches).toBe(1)
    // The whole state changed (judged on this visit's answer) and its reader followed; the name did not.
    expect(renders).toEqual({ name: 1, state: 2 })
  })

  it('renders a reader of one part again when the answer changes that part', async () => {
    const edition = { ...builtEdition, name: { ja: '東京ふぁーりーフェス 次回', en: 'Tokyo Furry Fes next' } }
    renderReaders({ edition: { edition, phase: 'announced' } })
    expect(await screen.findByText('Tokyo Furry Fes next')).toBeTruthy()
    expect(screen.queryByText(builtEdition.name.en)).toBeNull()
  })

  it('keeps the built edition when the read fails, and reports the failure', async () => {
    const failure = new TypeError('Failed to fetch')
    const { renders, recorded } = renderReaders({ edition: failure })
    expect(await screen.findByText('judged')).toBeTruthy()
    expect(screen.getByText(builtEdition.name.en)).toBeTruthy()
    await waitFor(() => expect(recorded.reportedErrors).toEqual([failure]))
    expect(renders.name).toBe(1)
  })

  it('hydrates the prerendered edition even when this visit’s answer came first, then shows the answer', async () => {
    const edition = { ...builtEdition, name: { ja: '東京ふぁーりーフェス 次回', en: 'Tokyo Furry Fes next' } }
    const { services } = createFakeServices({ edition: { edition, phase: 'announced' } })
    function NameReader() {
      return <p>{useEditionPart((state) => state.edition.name.en)}</p>
    }
    const app = (
      <ServicesProvider services={services}>
        <NameReader />
      </ServicesProvider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(app)
    document.body.append(container)
    const prerendered = container.querySelector('p')
    // The answer arrives before this part is hydrated (a lazy page's part may hydrate late).
    await services.edition.load()
    const mismatches: unknown[] = []
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: (error) => mismatches.push(error) })
    })
    expect(mismatches).toEqual([])
    // The prerendered element was adopted, not drawn again, and then shows the answer's edition.
    expect(container.querySelector('p')).toBe(prerendered)
    expect(prerendered?.textContent).toBe('Tokyo Furry Fes next')
    container.remove()
  })
})
