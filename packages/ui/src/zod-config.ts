/**
 * Zod compiles its object parsers with `new Function` where it may, and finds out whether it may by trying it
 * once, when the first object schema is made. Our Content-Security-Policy has no 'unsafe-eval', so that try is
 * a reported violation (docs/decisions/093). With `jitless` Zod skips the try and parses the same, with its
 * interpreted parsers.
 *
 * Each app calls this from the first module its entry imports, before any schema exists. It writes the object
 * every copy of Zod reads its configuration from (`globalThis.__zod_globalConfig`, what `z.config()` changes)
 * instead of importing Zod: an import would pull Zod's shared modules into the PWA's first-load script.
 */
export function parseWithoutEval(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
  scope.__zod_globalConfig ??= {}
  scope.__zod_globalConfig.jitless = true
}
