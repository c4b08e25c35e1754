// Scan to verdict in Chromium (decision 071): a fake camera shows a QR of a registration code, and the
// built app reads, verifies and judges it. The API is a stand-in serving the key set and the participant
// list, so the app alone is measured; the code is signed exactly as the API signs. The same measurement on
// the whole stack is e2e/bench/scan-to-verdict.spec.ts (decision 076).
// Run after `pnpm --filter @furfes/reception build`:  pnpm --filter @furfes/reception bench:chromium
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  editionPhase,
  firstEdition,
  publicEditionCodec,
  registrationCodeAlgorithm,
  signCompactRegistrationCode,
} from '@furfes/core'
import { chromium } from '@playwright/test'
import { exportJWK, generateKeyPair } from 'jose'
import QRCode from 'qrcode'
import { printTimings } from './bench-kit.ts'

const samples = Number(process.argv.find((arg) => arg.startsWith('--samples='))?.split('=')[1] ?? 15)
const appDir = new URL('..', import.meta.url).pathname
const width = 640
const height = 480

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A Y4M clip (what Chromium's fake camera plays) of the QR code, centred, black on white. */
function writeY4m(text: string, path: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const total = qr.modules.size + 8
  const scale = Math.floor((height * 0.9) / total)
  const left = Math.floor((width - total * scale) / 2)
  const top = Math.floor((height - total * scale) / 2)
  const luma = Buffer.alloc(width * height, 235)
  for (let y = 0; y < total * scale; y++) {
    for (let x = 0; x < total * scale; x++) {
      const row = Math.floor(y / scale) - 4
      const col = Math.floor(x / scale) - 4
      const dark =
        row >= 0 && col >= 0 && row < qr.modules.size && col < qr.modules.size && qr.modules.get(row, col)
      if (dark) luma[(top + y) * width + left + x] = 16
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])
  const blank = Buffer.concat([Buffer.from('FRAME\n'), Buffer.alloc(width * height, 235), chroma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`)
  // Two seconds of nothing, then one second of the code, looped by Chromium: each person arrives at a
  // scanner that has been idle, as at the door, rather than while the app is still starting.
  const clip = [...Array.from({ length: 60 }, () => blank), ...Array.from({ length: 30 }, () => frame)]
  writeFileSync(path, Buffer.concat([header, ...clip]))
}

async function main() {
  if (!existsSync(join(appDir, 'dist/index.html')))
    throw new Error('Build the app first: pnpm --filter @furfes/reception build')
  const { privateKey, publicKey } = await generateKeyPair(registrationCodeAlgorithm, { extractable: true })
  const jwk = await exportJWK(publicKey)
  const userId = crypto.randomUUID()
  const registrationId = crypto.randomUUID()
  const now = Math.floor(Date.now() / 1000)
  // A compact code, as the API issues them (decisions 120 and 159).
  const token = await signCompactRegistrationCode({
    registrationId,
    exp: now + 86_400,
    kid: 'bench',
    editionId: firstEdition.id,
    privateKey,
  })

  const api: Server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type')
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT')
    response.setHeader('Content-Type', 'application/json')
    if (request.method === 'OPTIONS') return response.end()
    const path = request.url?.split('?')[0]
    if (path === '/.well-known/jwks.json') {
      return response.end(JSON.stringify({ keys: [{ ...jwk, kid: 'bench', alg: 'ES256', use: 'sig' }] }))
    }
    if (path === '/edition') {
      const edition = { ...firstEdition, venue: null }
      return response.end(
        JSON.stringify(publicEditionCodec.encode({ edition, phase: editionPhase(edition, now * 1000) })),
      )
    }
    if (path === '/admin/participants') {
      return response.end(
        JSON.stringify({
          items: [
            {
              user: { user_id: userId, email: 'fox@example.com' },
              registration: {
                id: registrationId,
                registration_tier: 'sponsor_fursuiter',
                badge_name: 'きつね',
                payment_status: 'paid',
                t_shirt_size: 'L',
                changing_room_type: 'female',
              },
            },
          ],
        }),
      )
    }
    if (path === '/admin/check-ins' && request.method === 'GET') {
      return response.end(JSON.stringify({ items: [], next_cursor: '0', has_more: false }))
    }
    // Uploads fail like a network without uplink: the bench measures the device, offline as at the door.
    response.statusCode = 503
    response.end(JSON.stringify({ message: 'highTraffic' }))
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`

  const port = await freePort()
  const preview: ChildProcess = spawn(
    join(appDir, 'node_modules/.bin/vite'),
    ['preview', '--port', String(port), '--strictPort'],
    {
      cwd: appDir,
      env: {
        ...process.env,
        API_URL: apiUrl,
        COGNITO_ENDPOINT: 'http://127.0.0.1:9',
        COGNITO_MEMBERS_POOL_ID: 'bench',
        COGNITO_MEMBERS_CLIENT_ID: 'bench',
        COGNITO_ADMINS_POOL_ID: 'bench',
        COGNITO_ADMINS_CLIENT_ID: 'bench',
      },
      stdio: 'ignore',
    },
  )
  const video = join(mkdtempSync(join(tmpdir(), 'reception-bench-')), 'code.y4m')
  writeY4m(token, video)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  })
  try {
    const base = `http://127.0.0.1:${port}`
    for (let attempt = 0; ; attempt++) {
      const ok = await fetch(`${base}/config.json`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (attempt > 100) throw new Error('vite preview did not start')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
    const page = await context.newPage()
    await page.goto(`${base}/en/admin-sign-in`)
    // An admin who signed in earlier; Cognito is unreachable, so the gate lets them in offline (decision 072).
    await page.evaluate(() => {
      localStorage.setItem(
        'adminAuthInfo',
        JSON.stringify({
          value: { accessToken: 'bench', tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 },
        }),
      )
      localStorage.setItem('adminAuthInfoRefreshToken', JSON.stringify({ value: 'bench' }))
    })
    const opened = Date.now()
    await page.goto(`${base}/en/admin/scan`)
    // Wait for the key set and snapshot before the first scan counts.
    // Staff touch the screen to open the scanner: that gesture is what lets the page start audio.
    await page.getByRole('heading', { name: 'Scan registration codes' }).click()
    await page
      .getByText('This device has no signing keys yet', { exact: false })
      .waitFor({ state: 'detached' })
    // Timestamps taken in the page: when each verdict's element appears, and the frame after (painted).
    await page.evaluate(() => {
      const times: {
        decodedAt: number
        insertedAt: number
        paintedAt: number
        kind: string
        verdictMs: number
      }[] = []
      const seen = new Set<Element>()
      ;(window as unknown as { verdictTimes: typeof times }).verdictTimes = times
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-verdict]')) {
          if (seen.has(element)) continue
          seen.add(element)
          const insertedAt = performance.now()
          const entry = {
            decodedAt: Number(element.getAttribute('data-decoded-at')),
            insertedAt,
            paintedAt: Number.NaN,
            kind: element.getAttribute('data-verdict') ?? '',
            verdictMs: Number(element.getAttribute('data-verdict-ms')),
          }
          times.push(entry)
          requestAnimationFrame(() => {
            entry.paintedAt = performance.now()
          })
        }
      }).observe(document.body, { childList: true, subtree: true })
    })
    let previous = ''
    for (let i = 0; i < samples; i++) {
      // The code stays in front of the camera: after "Next" it is read again at once (amber from then on).
      const panel = page.locator(`[data-verdict]:not([data-decoded-at="${previous}"])`)
      await panel.waitFor({ timeout: 30_000 })
      previous = (await panel.getAttribute('data-decoded-at')) ?? ''
      await page.getByRole('button', { name: 'Next' }).click()
    }
    const results = (
      await page.evaluate(
        () =>
          (
            window as unknown as {
              verdictTimes: {
                decodedAt: number
                insertedAt: number
                paintedAt: number
                kind: string
                verdictMs: number
              }[]
            }
          ).verdictTimes,
      )
    )
      .filter((entry) => !Number.isNaN(entry.paintedAt))
      .map((entry) => ({
        kind: entry.kind,
        verdictMs: entry.verdictMs,
        inDomMs: entry.insertedAt - entry.decodedAt,
        onScreenMs: entry.paintedAt - entry.decodedAt,
      }))
    const firstVerdictMs = Date.now() - opened
    console.log(
      `Chromium ${browser.version()}, ${results.length} scans; verdicts: ${[...new Set(results.map((r) => r.kind))].join(', ')}`,
    )
    printTimings([
      ['decode → verdict computed', results.map((r) => r.verdictMs)],
      ['decode → verdict in the DOM', results.map((r) => r.inDomMs)],
      ['decode → next animation frame (on screen)', results.map((r) => r.onScreenMs)],
      ['later scans on screen', results.slice(1).map((r) => r.onScreenMs)],
    ])
    const first = results[0]
    if (first) console.log(`first scan (${first.kind}, cold): ${first.onScreenMs.toFixed(1)} ms on screen`)
    console.log(`page open → ${samples} verdicts: ${firstVerdictMs} ms`)
  } finally {
    await browser.close()
    preview.kill('SIGTERM')
    api.close()
  }
}

await main()
