// Build plugin: lets the bundler drop @furfes/core declarations a page does not use.
//
// Core builds values at module level with calls (zod schemas, tables). A bundler must assume a call has side
// effects, so `defaultEventSchedule` dragged `eventScheduleSchema` and with it all of zod (25 KiB gzip) into
// the top page. Core is declared side-effect free in vite.config.ts; this plugin completes that by wrapping
// each top-level `const x = call(...)` in a pure-annotated arrow, which evaluates the same but may be dropped
// when `x` is unused. See docs/decisions/041-prerendered-public-pages.md.
import { type Plugin, parseAst } from 'vite'

interface Span {
  start: number
  end: number
}

interface Declarator {
  init?: (Span & { type: string }) | null
}

interface Statement {
  type: string
  declarations?: Declarator[]
  declaration?: Statement | null
}

// Object and array literals too: their fields are often calls (a zod shape, a table of rules), which make the
// literal as side-effectful to a bundler as a call.
const wrappable = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression'])

/** The initialisers to wrap, last first so earlier offsets stay valid while editing. */
function callInitialisers(code: string): Span[] {
  const program = parseAst(code) as unknown as { body: Statement[] }
  const spans: Span[] = []
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (declaration?.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations ?? []) {
      if (declarator.init && wrappable.has(declarator.init.type)) spans.push(declarator.init)
    }
  }
  return spans.sort((a, b) => b.start - a.start)
}

function annotatePureDeclarations(code: string): string {
  let result = code
  for (const { start, end } of callInitialisers(code)) {
    result = `${result.slice(0, start)}/* @__PURE__ */ (() => (${result.slice(start, end)}))()${result.slice(end)}`
  }
  return result
}

export function pureCoreDeclarationsPlugin(): Plugin {
  return {
    name: 'furfes-pure-core-declarations',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/core\/src\/.*\.ts$/.test(id.split('?')[0] ?? '')) return undefined
      return { code: annotatePureDeclarations(code), map: null }
    },
  }
}
