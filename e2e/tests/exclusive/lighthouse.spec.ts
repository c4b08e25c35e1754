import { expect, test } from '../../support/fixtures.ts'
import { type Measurement, measure } from '../../support/lighthouse.ts'
import { pwaUrl } from '../../support/stack.ts'

// The Lighthouse budget of the public site (docs/requirements.md UI-9), in the exclusive project: it runs after every other
// test, alone, because a CPU shared with other browsers would skew what it measures. One run at 4x decides
// when it meets the target; a miss is never decided by one run but by the median of three more (decision
// 041). The browser has Japanese fonts, as phones do (`npm test` installs them): without them every Japanese
// glyph is a font-fallback search, which cost /ja/timetable up to 400 ms of blocking time (decision 006).
// `npm run bench` measures the same pages and records the figures in docs/benchmarks.md.
const lighthouseMinimum = 95

test.describe('budgets', () => {
  test(`Lighthouse mobile performance is at least ${lighthouseMinimum} on /ja, /ja/timetable and /en/faq`, async ({
    page,
  }) => {
    test.setTimeout(900_000)
    const paths = ['/ja', '/ja/timetable', '/en/faq']
    // The preview server compresses each file on its first request, as a CDN fills its cache: load each page
    // once first, so Lighthouse measures the page rather than that one slow first response.
    for (const path of paths) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    const measurements: Measurement[] = []
    for (const path of paths) {
      // On a host slower than Lighthouse's reference desktop, 4x simulates a slower phone than Lighthouse
      // means to; `measure` then measures again with the CPU slowdown calibrated as its documentation says.
      measurements.push(await measure(`${pwaUrl}${path}`, lighthouseMinimum, { calibratedRuns: 3 }))
    }
    console.table(
      measurements.flatMap((measurement) =>
        measurement.runs.map((result) => ({
          url: new URL(result.url).pathname,
          score: result.score,
          cpu: `${result.cpuSlowdown}x`,
          benchmarkIndex: result.benchmarkIndex,
          'FCP ms': result.metrics.fcp,
          'LCP ms': result.metrics.lcp,
          'TBT ms': result.metrics.tbt,
          CLS: result.metrics.cls,
        })),
      ),
    )
    for (const measurement of measurements) {
      const how = measurement.calibrated ? 'median of the calibrated runs' : 'at 4x'
      expect(measurement.score, `${measurement.url}, ${how}`).toBeGreaterThanOrEqual(lighthouseMinimum)
    }
  })
})
