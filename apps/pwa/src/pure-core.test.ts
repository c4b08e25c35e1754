import { describe, expect, it } from 'vitest'
import { pureCoreDeclarationsPlugin } from '../tooling/pure-core.ts'

const transform = (code: string, id = '/repo/packages/core/src/domain/example.ts') => {
  const hook = pureCoreDeclarationsPlugin().transform as (
    code: string,
    id: string,
  ) => { code: string } | undefined
  return hook(code, id)?.code
}

describe("core's declarations as the bundler sees them", () => {
  const source = [
    'const made = make(1)',
    'export const shape = { id: make(2), name: { ja: make(3) } }',
    'export const rules = [make(4), ...more]',
    'export function keep() { return made }',
  ].join('\n')

  it('marks calls, object literals and array literals as pure, so an unused one can be dropped', () => {
    expect(transform(source)).toBe(
      [
        'const made = /* @__PURE__ */ (() => (make(1)))()',
        'export const shape = /* @__PURE__ */ (() => ({ id: make(2), name: { ja: make(3) } }))()',
        'export const rules = /* @__PURE__ */ (() => ([make(4), ...more]))()',
        'export function keep() { return made }',
      ].join('\n'),
    )
  })

  it('evaluates to the same values', () => {
    const run = (code: string) =>
      new Function('make', 'more', `${code.replaceAll('export ', '')}; return { made, shape, rules }`)(
        (n: number) => n * 10,
        [5],
      )
    expect(run(transform(source) ?? '')).toEqual(run(source))
  })

  it('leaves files outside core alone', () => {
    expect(transform(source, '/repo/apps/pwa/src/app/edition.ts')).toBeUndefined()
  })
})
