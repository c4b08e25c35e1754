import { expect, type Page, test } from '@playwright/test'
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
 * DOM, and from the decode to that frame. "Next" is pressed only once the code has left the picture: it ends
 * the repeat window, so pressed earlier it would let the same loop's code be read again, by a scanner that
 * was not idle, long after that loop's first frame.
 *
 * Run: pnpm --filter @furfes/reception build && pnpm --filter @furfes/e2e bench   (SAMPLES=n to change)
 */

const samples = Number(process.env.SAMPLES ?? 10)
const blankSeconds = 6

/** The code coming into view: the last frame the page saw without it and the first it saw with it. */
interface Onset {
  /** presentationTime of the last frame seen without the code. */
  blankAt: number
  /** presentationTime of the first frame seen with the code. */
  codeAt: number
  /** Frames presented between the two that the page had no callback for (it was busy). */
  skipped: number
}

interface Timing {
  onsets: Onset[]
  /** Whether the latest presented frame shows the code (true until a frame without it has been seen). */
  showingCode: boolean
  /** The largest share of dark pixels in any frame, to tell what the detector saw when it found no code. */
  darkestFrame: number
  verdicts: { kind: string; decodedAt: number; paintedAt: number }[]
}

const timingOf = (page: Page) => page.evaluate(() => (window as unknown as { scanTiming: Timing }).scanTiming)

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
      // Until a frame without the code is seen, a frame with it is no onset: the scanner may open mid-code.
      const timing: Timing = { onsets: [], showingCode: true, darkestFrame: 0, verdicts: [] }
      let last = { presentedAt: Number.NaN, presentedFrames: 0 }
      ;(window as unknown as { scanTiming: Timing }).scanTiming = timing
      const video = document.querySelector('video') as HTMLVideoElement
      const width = 80
      const height = 60
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
      // The empty picture is white (luma 235) and has no dark pixel; a frame showing the code has its dark
      // modules. They are counted rather than averaged into the frame's mean brightness, because how much
      // of the picture they darken depends on the code's size (a compact code covers a sixth of it).
      const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        context.drawImage(video, 0, 0, width, height)
        const pixels = context.getImageData(0, 0, width, height).data
        let dark = 0
        for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128) dark++
        const share = dark / (width * height)
        timing.darkestFrame = Math.max(timing.darkestFrame, share)
        const code = share > 0.02
        if (code && !timing.showingCode) {
          timing.onsets.push({
            blankAt: last.presentedAt,
            codeAt: metadata.presentationTime,
            skipped: metadata.presentedFrames - last.presentedFrames - 1,
          })
        }
        timing.showingCode = code
        last = { presentedAt: metadata.presentationTime, presentedFrames: metadata.presentedFrames }
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
        .poll(async () => (await timingOf(device.page)).verdicts.length, {
          timeout: (blankSeconds + 2) * 1000 * 2,
        })
        .toBeGreaterThan(sample)
      // The person steps away before staff press Next, so the next verdict is the next loop's.
      await expect.poll(async () => (await timingOf(device.page)).showingCode, { timeout: 5_000 }).toBe(false)
      await device.page.getByRole('button', { name: 'Next' }).click()
    }
    const timing = await timingOf(device.page)
    expect(timing.verdicts, 'one verdict per loop of the clip').toHaveLength(samples)
    expect(
      timing.onsets.length,
      `frames showing the code were found (darkest frame: ${(timing.darkestFrame * 100).toFixed(1)} % dark)`,
    ).toBeGreaterThanOrEqual(samples)
    const frameMs = 1000 / clipFps
    const rows = timing.verdicts.map((verdict) => {
      // The decoded frame came after the last one seen without the code.
      const onset = timing.onsets.filter((candidate) => candidate.blankAt < verdict.decodedAt).at(-1)
      // When the page skipped frames as the code came into view (a busy main thread), the first frame with
      // it is not known: the one after the last frame seen without it is taken, which can only overstate.
      const onsetAt = !onset ? Number.NaN : onset.skipped > 0 ? onset.blankAt + frameMs : onset.codeAt
      return {
        kind: verdict.kind,
        onset,
        skipped: onset?.skipped ?? 0,
        frameToScreen: verdict.paintedAt - onsetAt,
        decodeToScreen: verdict.paintedAt - verdict.decodedAt,
      }
    })
    expect(rows).toHaveLength(samples)
    expect(rows[0]?.kind).toBe('valid')
    expect(rows.slice(1).every((row) => row.kind === 'alreadyCheckedIn')).toBe(true)
    expect(
      rows.filter((row) => !(Number.isFinite(row.frameToScreen) && row.frameToScreen >= row.decodeToScreen)),
      'every verdict follows a frame with the code, and its decode follows that frame',
    ).toEqual([])
    expect(
      new Set(rows.map((row) => row.onset?.codeAt)).size,
      'each verdict follows its own appearance of the code',
    ).toBe(samples)
    console.log(
      `Chromium ${browser.version()}, ${rows.length} scans (1 valid, then already checked in), real stack`,
    )
    printTimings([
      ['camera frame with the code → verdict on screen', rows.map((row) => row.frameToScreen)],
      ['decode → verdict on screen', rows.map((row) => row.decodeToScreen)],
      ['first scan: camera frame → verdict on screen', rows.slice(0, 1).map((row) => row.frameToScreen)],
    ])
    console.log(
      `${rows.filter((row) => row.skipped > 0).length} of ${rows.length} appearances of the code came while the page skipped frames (measured from the frame after the last one seen without the code)`,
    )
    expect(device.errors).toEqual([])
    await device.context.close()
  } finally {
    await camera.close()
  }
})
