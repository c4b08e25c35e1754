// Writes docs/api/openapi.json from the zod contract: `pnpm --filter @furfes/core openapi`.
// With --check it writes nothing and exits 1 when the committed document differs (the same check runs in
// the unit tests, src/contract/openapi.test.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openApiDocumentPath, serializeOpenApiDocument } from '../src/contract/openapi.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const target = join(root, openApiDocumentPath)
const generated = serializeOpenApiDocument()

if (process.argv.includes('--check')) {
  let committed = ''
  try {
    committed = readFileSync(target, 'utf8')
  } catch {
    // A missing document is drift too.
  }
  if (committed !== generated) {
    console.error(`${openApiDocumentPath} is out of date: run \`pnpm --filter @furfes/core openapi\`.`)
    process.exit(1)
  }
  console.log(`${openApiDocumentPath} is up to date.`)
} else {
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, generated)
  console.log(`Wrote ${openApiDocumentPath}.`)
}
