import { BrowserCodeReader } from '@zxing/browser'
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader'
// Emitted by Vite into the app's own assets and precached by the service worker (globPatterns has *.wasm):
// the scanner never fetches its decoder from a CDN, and works at a door without network (decision 074).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import type { QrDecoder, RgbaFrame } from './decoder.ts'

/** As with @zxing/browser before (decision 071): try every 50 ms, pause 300 ms after a read. */
const scanAttemptDelayMs = 50
const scanSuccessDelayMs = 300
/** Frames larger than this on their long side are scaled down before decoding: a QR held up fills the view. */
const maxFrameSide = 1280

const readerOptions: ReaderOptions = { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 }

let prepared: Promise<unknown> | undefined

/**
 * Instantiates the WASM module from our own origin. Without the locateFile override zxing-wasm would load it
 * from jsDelivr; every read goes through here first, so that never happens.
 */
function prepare(): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  })
  return prepared
}

async function read(frame: RgbaFrame | ImageData): Promise<string | undefined> {
  await prepare()
  const [result] = await readBarcodes(frame as ImageData, readerOptions)
  return result?.isValid ? result.text : undefined
}

/**
 * zxing-cpp compiled to WebAssembly: in the benchmark it reads noisy, rotated and low-contrast frames the
 * JavaScript port cannot, at lower cost (docs/benchmarks.md). @zxing/browser still drives the camera: it
 * attaches the stream to the video element and plays it; frames are copied to a canvas and decoded here.
 */
export function createZxingWasmDecoder(): QrDecoder {
  return {
    id: 'zxing-wasm',
    decodeFrame: (frame) => read(frame),
    async decodeFromStream(stream, video, onText) {
      await prepare()
      BrowserCodeReader.addVideoSource(video, stream)
      await BrowserCodeReader.tryPlayVideo(video)
      const canvas = document.createElement('canvas')
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('No 2D canvas to read camera frames from')
      let stopped = false
      let timer: ReturnType<typeof setTimeout> | undefined

      const attempt = async () => {
        if (stopped) return
        let delay = scanAttemptDelayMs
        const { videoWidth, videoHeight } = video
        if (videoWidth > 0 && videoHeight > 0) {
          const scale = Math.min(1, maxFrameSide / Math.max(videoWidth, videoHeight))
          const width = Math.round(videoWidth * scale)
          const height = Math.round(videoHeight * scale)
          if (canvas.width !== width || canvas.height !== height) {
            canvas.width = width
            canvas.height = height
          }
          context.drawImage(video, 0, 0, width, height)
          const text = await read(context.getImageData(0, 0, width, height))
          if (stopped) return
          if (text !== undefined) {
            onText(text, performance.now())
            delay = scanSuccessDelayMs
          }
        }
        timer = setTimeout(() => void attempt().catch(fail), delay)
      }
      // A frame that cannot be read (a decoder fault, not a frame without a code) stops nothing: try again.
      const fail = (error: unknown) => {
        if (stopped) return
        console.warn('QR decoding failed', error)
        timer = setTimeout(() => void attempt().catch(fail), scanSuccessDelayMs)
      }
      void attempt().catch(fail)
      return {
        stop() {
          stopped = true
          if (timer !== undefined) clearTimeout(timer)
          BrowserCodeReader.cleanVideoSource(video)
        },
      }
    },
  }
}
