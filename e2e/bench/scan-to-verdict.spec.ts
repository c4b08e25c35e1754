import { expect, test } from '@playwright/test'
import { printTimings } from '../../apps/reception/bench/bench-kit.ts'
import { createPaidParticipant, launchCameraBrowser, openDevice, signInAdmin } from '../support/reception.ts'
import { clipFps } from '../support/y4m.ts'

/*
 * Scan to verdict in Chromium against the real stack (docs/benchmarks.md, Reception).
 * A paid participant's registration code, issued by GET /registration/jwt, is shown to Chromium's fake
 * camera for one second after six seconds of an empty picture, in a loop: each loop is a person stepping up
 * to an idle scanner (six seconds also clear the scanner's five-second repeat suppression, so every loop is
 * a new scan). Measured in the page: from the presentation of the first camera frame that shows the code
 * (requestVideoFrameCallback on the scanner's video) to the animation frame after the verdict entered the
 * DOM, and from the decode to that frame.
 *
 * Run: pnpm --filter @furfes/reception build && pnpm --filter @furfes/e2e bench   (SAMPLES=n to change)
 */

const samples = Number(process.env.SAMPLES ?? 10)
const blankSeconds = 6

interface Timing {
  onsets: number[]
  verdicts: { kind: string; decodedAt: number; paintedAt: number }[]
}

test('scan to verdict: fake camera frame to verdict on screen', async ({ browser: plainBrowser }) => {
  test.setTimeout(60_000 + samples * (blankSeconds + 1) * 1000 * 2)
  const participant = await createPaidParticipant(
    plainBrowser,
    `Bench ${Math.random().toString(36).slice(2, 8)}`,
  )
  const camera = await launchCameraBrowser(participant.code, {
    blankFrames: blankSeconds * clipFps,
    codeFrames: clipFps,
  })
  const { browser } = camera
  try {
    const device = await openDevice(browser, 'Bench', { camera: true })
    await signInAdmin(device.page)
    await device.page.getByRole('tab', { name: 'Scan' }).click()
    await expect(device.page.locator('video')).toHaveJSProperty('paused', false)
    await device.page.evaluate(() => {
      const timing: Timing = { onsets: [], verdicts: [] }
      ;(window as unknown as { scanTiming: Timing }).scanTiming = timing
      const video = document.querySelector('video') as HTMLVideoElement
      const canvas = document.createElement('canvas')
      canvas.width = 32
      canvas.height = 24
      const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
      let showingCode = false
      // The empty picture is white (luma 235); a frame showing the code is about half dark.
      const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        context.drawImage(video, 0, 0, 32, 24)
        const pixels = context.getImageData(0, 0, 32, 24).data
        let sum = 0
        for (let i = 0; i < pixels.length; i += 4) sum += pixels[i] ?? 0
        const code = sum / (pixels.length / 4) < 200
        if (code && !showingCode) timing.onsets.push(metadata.presentationTime)
        showingCode = code
        video.requestVideoFrameCallback(onFrame)
      }
      video.requestVideoFrameCallback(onFrame)
      const seen = new Set<Element>()
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-verdict]')) {
          if (seen.has(element) || element.closest('[hidden]')) continue
          seen.add(element)
          const entry = {
            kind: element.getAttribute('data-verdict') ?? '',
            decodedAt: Number(element.getAttribute('data-decoded-at')),
            paintedAt: Number.NaN,
          }
          timing.verdicts.push(entry)
          requestAnimationFrame(() => {
            entry.paintedAt = performance.now()
          })
        }
      }).observe(document.body, { childList: true, subtree: true })
    })
    for (let sample = 0; sample < samples; sample++) {
      await expect
        .poll(
          () =>
            device.page.evaluate(
              () => (window as unknown as { scanTiming: Timing }).scanTiming.verdicts.length,
            ),
          {
            timeout: (blankSeconds + 2) * 1000 * 2,
          },
        )
        .toBeGreaterThan(sample)
      await device.page.getByRole('button', { name: 'Next' }).click()
    }
    const timing = await device.page.evaluate(() => (window as unknown as { scanTiming: Timing }).scanTiming)
    const rows = timing.verdicts.slice(0, samples).map((verdict) => {
      const onset = timing.onsets.filter((at) => at <= verdict.decodedAt).at(-1) ?? Number.NaN
      return {
        kind: verdict.kind,
        frameToScreen: verdict.paintedAt - onset,
        decodeToScreen: verdict.paintedAt - verdict.decodedAt,
      }
    })
    expect(rows).toHaveLength(samples)
    expect(rows[0]?.kind).toBe('valid')
    expect(rows.slice(1).every((row) => row.kind === 'alreadyCheckedIn')).toBe(true)
    expect(rows.every((row) => Number.isFinite(row.frameToScreen) && row.frameToScreen >= 0)).toBe(true)
    console.log(
      `Chromium ${browser.version()}, ${rows.length} scans (1 valid, then already checked in), real stack`,
    )
    printTimings([
      ['camera frame with the code → verdict on screen', rows.map((row) => row.frameToScreen)],
      ['decode → verdict on screen', rows.map((row) => row.decodeToScreen)],
      ['first scan: camera frame → verdict on screen', rows.slice(0, 1).map((row) => row.frameToScreen)],
    ])
    expect(device.errors).toEqual([])
    await device.context.close()
  } finally {
    await camera.close()
  }
})
