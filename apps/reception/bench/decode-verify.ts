// Decode + verify time per frame, per decoder, on generated noisy camera frames (decision 071).
// Run: pnpm --filter @furfes/reception bench   (options: --frames=N per level, --json, --codes=jws for the
// codes issued before decision 120, --ecc=L|M|Q|H to draw at another error-correction level)
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import {
  firstEdition,
  type Participant,
  type RegistrationCodeKeySetWire,
  registrationCodeAlgorithm,
  registrationCodeQrErrorCorrection,
  registrationCodeType,
  signCompactRegistrationCode,
} from '@furfes/core'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import QRCode from 'qrcode'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { checkInsByRegistration } from '../src/data/check-ins.ts'
import type { ReceptionSnapshot } from '../src/data/store.ts'
import type { QrDecoder, RgbaFrame } from '../src/scan/decoder.ts'
import { createZxingDecoder } from '../src/scan/zxing-decoder.ts'
import { createCodeVerifier } from '../src/verify/code-verifier.ts'
import { judgeCode } from '../src/verify/verdict.ts'
import { benchArgs, printTable, quantile, seededRandom } from './bench-kit.ts'

const args = benchArgs()
const framesPerLevel = Number(args.get('frames') ?? 20)
const codeFormat = args.get('codes') === 'jws' ? 'jws' : 'compact'
// The codes before decision 120 were drawn at M; the compact ones at the level the PWA draws them.
const ecc = (args.get('ecc') ??
  (codeFormat === 'jws' ? 'M' : registrationCodeQrErrorCorrection)) as QRCode.QRCodeErrorCorrectionLevel
const width = 640
const height = 480

interface Level {
  name: string
  /** Gaussian noise, standard deviation in grey levels. */
  noise: number
  /** Largest rotation either way, degrees. */
  rotation: number
  /** Box-blur passes (radius 1). */
  blur: number
  /** Dark and light module grey levels (a phone screen seen through a camera is never black and white). */
  dark: number
  light: number
  /** The QR code's share of the frame height. */
  size: number
}

const levels: Level[] = [
  { name: 'clean', noise: 0, rotation: 0, blur: 0, dark: 20, light: 235, size: 0.8 },
  { name: 'mild', noise: 10, rotation: 10, blur: 1, dark: 50, light: 205, size: 0.8 },
  { name: 'noisy', noise: 20, rotation: 15, blur: 1, dark: 60, light: 190, size: 0.75 },
  { name: 'harsh', noise: 32, rotation: 25, blur: 1, dark: 75, light: 175, size: 0.7 },
]

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next())
}

/** Renders a QR code into a camera-sized RGBA frame: rotated, blurred, low contrast, noisy, unevenly lit. */
function renderFrame(text: string, level: Level, next: () => number): RgbaFrame {
  const qr = QRCode.create(text, { errorCorrectionLevel: ecc })
  const modules = qr.modules.size
  const quiet = 4
  const total = modules + 2 * quiet
  const side = height * level.size
  const scale = side / total
  const angle = ((next() * 2 - 1) * level.rotation * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const cx = width / 2 + (next() - 0.5) * (width - side) * 0.5
  const cy = height / 2
  const grey = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // 2×2 supersampling, as a lens averages what falls on a pixel.
      let sum = 0
      for (const [ox, oy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const dx = x + ox - cx
        const dy = y + oy - cy
        const u = (cos * dx + sin * dy) / scale + total / 2 - quiet
        const v = (-sin * dx + cos * dy) / scale + total / 2 - quiet
        const col = Math.floor(u)
        const row = Math.floor(v)
        const dark = col >= 0 && row >= 0 && col < modules && row < modules && qr.modules.get(row, col) === 1
        sum += dark ? level.dark : level.light
      }
      grey[y * width + x] = sum / 4
    }
  }
  let image = grey
  for (let pass = 0; pass < level.blur; pass++) image = boxBlur(image)
  const frame = new Uint8ClampedArray(width * height * 4)
  const tilt = (next() - 0.5) * 60
  for (let i = 0; i < width * height; i++) {
    const x = i % width
    const lighting = (tilt * (x - width / 2)) / width
    const value = (image[i] ?? 0) + lighting + level.noise * gaussian(next)
    frame[i * 4] = value
    frame[i * 4 + 1] = value
    frame[i * 4 + 2] = value
    frame[i * 4 + 3] = 255
  }
  return { data: frame, width, height }
}

function boxBlur(source: Float32Array<ArrayBuffer>): Float32Array<ArrayBuffer> {
  const out = new Float32Array(source.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0
      let count = 0
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
          sum += source[ny * width + nx] ?? 0
          count++
        }
      }
      out[y * width + x] = sum / count
    }
  }
  return out
}

async function createWasmDecoder(): Promise<QrDecoder> {
  const require = createRequire(import.meta.url)
  const wasmBinary = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))
  await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
  return {
    id: 'zxing-wasm',
    async decodeFrame(frame) {
      const [result] = await readBarcodes(frame as ImageData, {
        formats: ['QRCode'],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      })
      return result?.isValid ? result.text : undefined
    },
    decodeFromStream: () => Promise.reject(new Error('not used in the benchmark')),
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1))

async function main() {
  // Codes exactly as the API signs them: compact (decision 120), or the JWS with its claims from before.
  const { privateKey, publicKey } = await generateKeyPair(registrationCodeAlgorithm, { extractable: true })
  const jwk = await exportJWK(publicKey)
  const keys: RegistrationCodeKeySetWire = {
    keys: [
      { kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '', kid: 'bench', alg: 'ES256', use: 'sig' },
    ],
  }
  const now = Date.parse('2025-05-10T09:30:00+09:00')
  const next = seededRandom(2025_05_10)
  const participants: Participant[] = []
  const tokens: string[] = []
  for (let n = 0; n < framesPerLevel; n++) {
    const userId = crypto.randomUUID()
    const registrationId = crypto.randomUUID()
    const badgeName = `きつね${n}号`
    participants.push({
      user: { userId, email: `fox${n}@example.com` },
      registration: {
        registrationId,
        registrationTier: 'sponsor',
        badgeName,
        paymentStatus: 'paid',
        tShirtSize: 'L',
      },
    })
    tokens.push(
      codeFormat === 'compact'
        ? await signCompactRegistrationCode({
            registrationId,
            exp: Math.floor(now / 1000) + 86_400,
            kid: 'bench',
            editionId: firstEdition.id,
            privateKey,
          })
        : await new SignJWT({
            registration_id: registrationId,
            registration_tier: 'sponsor',
            badge_name: badgeName,
          })
            .setProtectedHeader({ alg: registrationCodeAlgorithm, kid: 'bench', typ: registrationCodeType })
            .setIssuer('https://api.furfes.example')
            .setSubject(userId)
            .setJti(registrationId)
            .setIssuedAt(Math.floor(now / 1000) - 3600)
            .setExpirationTime(Math.floor(now / 1000) + 86_400)
            .sign(privateKey),
    )
  }
  const byUserId = new Map(participants.map((p) => [p.user.userId, p]))
  const byRegistrationId = new Map(participants.map((p) => [p.registration?.registrationId ?? '', p]))
  const snapshot: ReceptionSnapshot = {
    loaded: true,
    participants,
    participantsByUserId: byUserId,
    participantsByRegistrationId: byRegistrationId,
    checkIns: [],
    checkInsByRegistration: checkInsByRegistration([]),
    pendingCount: 0,
    conflicts: [],
    badgePrints: [],
    pendingBadgePrintCount: 0,
    printedBadges: new Map(),
    goodsTicks: [],
    pendingGoodsTickCount: 0,
    handedGoods: new Map(),
    keys,
    edition: { id: firstEdition.id, name: firstEdition.name },
    cursor: undefined,
    lastSyncAt: now,
    participantsSyncedAt: now,
  }
  const verifier = createCodeVerifier({
    keys: () => keys,
    editionId: () => firstEdition.id,
    clock: () => now,
  })
  const decoders = [createZxingDecoder(), await createWasmDecoder()]

  const corpus = levels.map((level) => ({
    level,
    frames: tokens.map((token) => ({ token, frame: renderFrame(token, level, next) })),
  }))
  const qrVersion = QRCode.create(tokens[0] ?? '', { errorCorrectionLevel: ecc }).version

  // Warm up both decoders and WebCrypto, so the first measured frame is not a JIT compile.
  for (const decoder of decoders)
    await decoder.decodeFrame(corpus[0]?.frames[0]?.frame ?? renderFrame('x', levels[0] as Level, next))
  await verifier.verify(tokens[0] ?? '')

  const rows: Record<string, string | number>[] = []
  for (const decoder of decoders) {
    for (const { level, frames } of corpus) {
      const decodeTimes: number[] = []
      const verifyTimes: number[] = []
      const totalTimes: number[] = []
      let decoded = 0
      let valid = 0
      for (const { token, frame } of frames) {
        const started = performance.now()
        const text = await decoder.decodeFrame(frame)
        const decodedAt = performance.now()
        decodeTimes.push(decodedAt - started)
        if (text !== token) continue
        decoded++
        const verdict = judgeCode(await verifier.verify(text), snapshot)
        const judgedAt = performance.now()
        verifyTimes.push(judgedAt - decodedAt)
        totalTimes.push(judgedAt - started)
        if (verdict.kind === 'valid') valid++
      }
      rows.push({
        decoder: decoder.id,
        level: level.name,
        decoded: `${decoded}/${frames.length}`,
        valid: `${valid}/${frames.length}`,
        'decode median ms': ms(quantile(decodeTimes, 0.5)),
        'decode p95 ms': ms(quantile(decodeTimes, 0.95)),
        'verify median ms': ms(quantile(verifyTimes, 0.5)),
        'verify p95 ms': ms(quantile(verifyTimes, 0.95)),
        'decode+verify median ms': ms(quantile(totalTimes, 0.5)),
      })
    }
  }

  if (args.has('json')) {
    console.log(
      JSON.stringify(
        { node: process.version, cpu: cpus()[0]?.model, codeFormat, ecc, qrVersion, rows },
        null,
        2,
      ),
    )
    return
  }
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}; ${width}×${height} frames, ` +
      `${codeFormat} codes, QR version ${qrVersion} (ECC ${ecc}, ${tokens[0]?.length} characters), ` +
      `${framesPerLevel} frames per level`,
  )
  printTable(rows)
}

await main()
