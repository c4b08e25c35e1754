import { config } from 'zod/mini'

/**
 * Zod compiles its object parsers with `new Function` where it may, and finds out whether it may by trying it
 * once, when the first object schema is made. Our Content-Security-Policy has no 'unsafe-eval', so that try is
 * a reported violation (docs/decisions/093). Without eval Zod parses the same, with its interpreted parsers.
 * Each app calls this from the first module its entry imports, before any schema exists.
 */
export function parseWithoutEval(): void {
  config({ jitless: true })
}
