// `npm run build|lint|typecheck|bench`: install when needed, then run the task on Node 24.
import { ensureInstalled, task } from './lib.mjs'

const [name, ...rest] = process.argv.slice(2)
if (!name) {
  console.error('usage: node scripts/run.mjs <build|lint|typecheck|bench> [args]')
  process.exit(2)
}
ensureInstalled()
process.exit(await task(name, rest))
