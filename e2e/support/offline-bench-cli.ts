// `node support/offline-bench-cli.ts <origin> [runs]`: the PWA's offline start (docs/benchmarks.md), run by
// `pnpm --filter @furfes/pwa bench`. For each language: open the timetable online, wait until the service
// worker controls the page, turn the network off, then reload `runs` times and time each reload until the
// timetable is painted (its heading and image in the page, the image decoded, and the next frame drawn).
// The clock starts in this process before the reload is sent and stops in the page (same machine, same clock).
// Prints one JSON line per language.
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './stack.ts'

const [origin, runsArgument = '15'] = process.argv.slice(2)
if (!origin) throw new Error('usage: node support/offline-bench-cli.ts <origin> [runs]')
const runs = Number(runsArgument)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  for (const language of ['ja', 'en'] as const) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/${language}/timetable`)
    await page.locator('html[data-offline="ready"]').waitFor({ state: 'attached' })
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (navigator.serviceWorker.controller) return
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    })
    await context.setOffline(true)
    const reloadToPaintMs: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = Date.now()
      await page.reload({ waitUntil: 'commit' })
      const paintedAt = await page.evaluate(
        (src) =>
          new Promise<number>((resolve) => {
            const check = () => {
              const image = document.querySelector<HTMLImageElement>(`img[src="${src}"]`)
              if (document.querySelector('h1') && image?.complete && image.naturalWidth > 0) {
                // The task after the next animation frame runs once that frame has been drawn.
                requestAnimationFrame(() =>
                  setTimeout(() => resolve(performance.timeOrigin + performance.now()), 0),
                )
              } else requestAnimationFrame(check)
            }
            check()
          }),
        `/images/timetable-${language}.svg`,
      )
      reloadToPaintMs.push(Math.round(paintedAt - started))
    }
    await context.close()
    console.log(
      JSON.stringify({
        path: `/${language}/timetable`,
        runs,
        reloadToPaintMs,
        medianReloadToPaintMs: median(reloadToPaintMs),
        maxReloadToPaintMs: Math.max(...reloadToPaintMs),
        minReloadToPaintMs: Math.min(...reloadToPaintMs),
      }),
    )
  }
} finally {
  await browser.close()
}
