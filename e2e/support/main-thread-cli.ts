// `node support/main-thread-cli.ts [--runs N] URL…`: the main thread's work while a page loads, in a form a busy
// shared host does not distort (docs/benchmarks.md). Lighthouse's 4x simulation multiplies the wall time of the
// tasks it observes, so other processes on the host inflate its total blocking time; a trace's thread time
// (`tdur`) counts only the CPU the page's main thread used. Per load: the main thread's CPU time, and the
// blocking time at Lighthouse's 4x estimated from it (each task's CPU time times four, less 50 ms). Prints one
// line per load and the medians per address. Compare builds back to back with it (decision 203).
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './stack.ts'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

const cpuSlowdown = 4
const blockingFrom = 50
const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5
if (args.length === 0) throw new Error('usage: node support/main-thread-cli.ts [--runs N] URL…')

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** The top-level tasks' CPU times (ms) of the busiest renderer main thread in a trace. */
function mainThreadTasks(events: TraceEvent[]): number[] {
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  )
  const byThread = new Map<string, number[]>()
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ph !== 'X' || event.name !== 'RunTask' || !mainThreads.has(thread)) continue
    const tasks = byThread.get(thread) ?? []
    tasks.push((event.tdur ?? event.dur ?? 0) / 1000)
    byThread.set(thread, tasks)
  }
  const total = (tasks: number[]) => tasks.reduce((sum, task) => sum + task, 0)
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? []
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const results = new Map<string, { cpu: number; blocking: number }[]>()
  for (let run = 0; run < runs; run++) {
    for (const url of args) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      const page = await context.newPage()
      await browser.startTracing(page, {
        categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'],
      })
      await page.goto(url, { waitUntil: 'load' })
      // Hydration and what follows it start after the first paint (apps/pwa/src/main.tsx); the page is quiet by then.
      await page.waitForTimeout(4000)
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      await context.close()
      const tasks = mainThreadTasks(trace.traceEvents)
      const cpu = tasks.reduce((sum, task) => sum + task, 0)
      const blocking = tasks.reduce((sum, task) => sum + Math.max(0, cpuSlowdown * task - blockingFrom), 0)
      const long = tasks
        .map((task) => Math.round(cpuSlowdown * task))
        .filter((task) => task > blockingFrom)
        .sort((a, b) => b - a)
      results.set(url, [...(results.get(url) ?? []), { cpu, blocking }])
      console.log(
        `${url} run ${run + 1}: main-thread CPU ${cpu.toFixed(0)} ms, blocking at 4x ${blocking.toFixed(0)} ms, long tasks at 4x: ${long.join(' ') || 'none'}`,
      )
    }
  }
  for (const [url, loads] of results) {
    console.log(
      `median ${url}: main-thread CPU ${median(loads.map((load) => load.cpu)).toFixed(0)} ms, blocking at 4x ${median(loads.map((load) => load.blocking)).toFixed(0)} ms`,
    )
  }
} finally {
  await browser.close()
}
