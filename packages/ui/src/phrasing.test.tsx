import { Button, Typography } from '@mui/material'
import { act, render, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { createI18n, type Language } from './i18n.ts'
import { usePhrases } from './phrasing.tsx'

// How often the parser's chunk has been loaded (the real module, counted).
const parserLoads = vi.hoisted(() => ({ count: 0 }))
vi.mock('./phrase-boundaries.ts', async (importOriginal) => {
  parserLoads.count++
  return importOriginal()
})

/** This browser knows `word-break: auto-phrase` or not (jsdom answers every property as supported). */
function autoPhrase(supported: boolean) {
  const supports = CSS.supports.bind(CSS)
  vi.spyOn(CSS, 'supports').mockImplementation((property: string, value?: string) =>
    property === 'word-break' && value === 'auto-phrase' ? supported : supports(property, value as string),
  )
}

function Screen({ heading, action }: { heading: string; action: string }) {
  const phrase = usePhrases()
  return (
    <>
      <Typography variant="h5" component="h1">
        {phrase(heading)}
      </Typography>
      <Button>{phrase(action)}</Button>
    </>
  )
}

function renderScreen(language: Language, heading: string, action: string) {
  return render(
    <I18nextProvider i18n={createI18n(language, {})}>
      <Screen heading={heading} action={action} />
    </I18nextProvider>,
  )
}

/** The pieces an element's text is cut into by its <wbr> elements. */
const pieces = (element: HTMLElement) =>
  [...element.childNodes]
    .filter((node) => node.nodeName !== 'WBR' && node.nodeName !== 'SPAN')
    .map((node) => node.textContent)

describe('phrase breaks in a browser without auto-phrase (docs/decisions/212-phrase-breaks-in-other-browsers.md)', () => {
  afterEach(() => vi.restoreAllMocks())

  // First: once loaded, the parser stays for the page's life.
  it('where the browser knows auto-phrase, loads nothing and renders the text as it is', async () => {
    autoPhrase(true)
    renderScreen('ja', '特定商取引法に基づく表記', '参加登録を申し込む')
    const heading = screen.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })
    // What an update after a load would render has had its chance: the app's next render shows no mark.
    await act(async () => {})
    expect(heading.innerHTML).toBe('特定商取引法に基づく表記')
    expect(screen.getByRole('button', { name: '参加登録を申し込む' }).querySelector('wbr')).toBeNull()
    expect(parserLoads.count).toBe(0)
  })

  it('leaves English alone and loads nothing for it', async () => {
    autoPhrase(false)
    renderScreen('en', 'Specified Commercial Transactions Act', '特定商取引法に基づく表記')
    await act(async () => {})
    expect(screen.getByRole('heading', { level: 1 }).innerHTML).toBe('Specified Commercial Transactions Act')
    // Even a Japanese text on an English screen (a name) is left as written.
    expect(screen.getByRole('button').querySelector('wbr')).toBeNull()
    expect(parserLoads.count).toBe(0)
  })

  it('elsewhere loads BudouX and marks its phrase boundaries in Japanese headings and buttons, the text as written', async () => {
    autoPhrase(false)
    renderScreen('ja', '特定商取引法に基づく表記', '参加登録・お支払い')
    // Found by their names before the marks (jsdom, unlike a browser, reads a <wbr> as a space in a name).
    const heading = screen.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })
    const button = screen.getByRole('button', { name: '参加登録・お支払い' })
    await waitFor(() => expect(heading.querySelectorAll('wbr')).toHaveLength(2))
    expect(parserLoads.count).toBe(1)
    expect(heading.innerHTML).toBe('特定商取引法に<wbr>基づく<wbr>表記')
    expect(heading.textContent).toBe('特定商取引法に基づく表記')
    expect(pieces(button)).toEqual(['参加登録・', 'お支払い'])
    expect(button.querySelectorAll('wbr')).toHaveLength(1)
  })

  it('never cuts the festival’s own words', async () => {
    autoPhrase(false)
    renderScreen('ja', '着ぐるみスポンサー参加', '部活動の参加申し込み')
    await waitFor(() => expect(screen.getByRole('button').querySelector('wbr')).not.toBeNull())
    expect(screen.getByRole('heading', { level: 1 }).innerHTML).toBe('着ぐるみスポンサー参加')
    expect(pieces(screen.getByRole('button'))[0]).toBe('部活動の')
  })

  it('adopts prerendered HTML as it is, then renders the marks itself', async () => {
    autoPhrase(false)
    const container = document.createElement('div')
    // As the PWA's prerender writes a Japanese heading (decision 205).
    container.innerHTML = '<h1>特定商取引法に<wbr>基づく<wbr>表記</h1>'
    document.body.append(container)
    const prerenderedMark = container.querySelector('wbr')
    const recoverable = vi.fn()
    function Heading() {
      const phrase = usePhrases()
      return <h1>{phrase('特定商取引法に基づく表記')}</h1>
    }
    const root = await act(async () =>
      hydrateRoot(
        container,
        <I18nextProvider i18n={createI18n('ja', {})}>
          <Heading />
        </I18nextProvider>,
        { onRecoverableError: recoverable },
      ),
    )
    // React's own marks replace the prerendered ones once it renders with the loaded parser.
    await waitFor(() => expect(container.querySelector('wbr')).not.toBe(prerenderedMark))
    expect(container.innerHTML).toBe('<h1>特定商取引法に<wbr>基づく<wbr>表記</h1>')
    expect(recoverable).not.toHaveBeenCalled()
    act(() => root.unmount())
    container.remove()
  })

  it('marks a confirmation dialog’s title and both its buttons', async () => {
    autoPhrase(false)
    render(
      <I18nextProvider i18n={createI18n('ja', {})}>
        <ConfirmDialog
          id="withdraw"
          open
          title="お申し込みを取り消しますか？"
          consequence="確保した枠はすぐにほかの方に渡ります。"
          keepLabel="このまま申し込みを続ける"
          confirmLabel="お申し込みを取り消す"
          destructive
          busy={false}
          onKeep={() => {}}
          onConfirm={() => {}}
        />
      </I18nextProvider>,
    )
    // The parser is loaded by now (an earlier test), so the marks are there at once; jsdom names an element with a
    // <wbr> as if it were a space, so the elements are found by their text.
    const dialog = screen.getByRole('dialog')
    const button = (text: string) =>
      screen.getAllByRole('button').find((element) => element.textContent === text) as HTMLElement
    await waitFor(() => expect(button('お申し込みを取り消す').querySelector('wbr')).not.toBeNull())
    expect(pieces(button('お申し込みを取り消す'))).toEqual(['お申し込みを', '取り消す'])
    const title = dialog.querySelector('h2') as HTMLElement
    expect(title.textContent).toBe('お申し込みを取り消しますか？')
    expect(title.querySelectorAll('wbr').length).toBeGreaterThan(0)
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id)
    expect(button('このまま申し込みを続ける').querySelectorAll('wbr').length).toBeGreaterThan(0)
  })
})
