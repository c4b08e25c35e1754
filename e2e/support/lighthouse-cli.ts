// `node support/lighthouse-cli.ts [--runs N] URL…`: prints Lighthouse figures as JSON lines, for the PWA's
// benchmark (apps/pwa/scripts/bench.ts), which runs it through `pnpm --filter @furfes/e2e exec`.
import { measure } from './lighthouse.ts'

// The Lighthouse mobile score the public pages must reach (docs/requirements.md, UI-9): a run below it is
// measured five more times and their median decides, as Lighthouse advises for a shared host.
const targetScore = 98

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1
for (const url of args) {
  for (let run = 0; run < runs; run++) {
    console.log(JSON.stringify(await measure(url, targetScore)))
  }
}
