import { BrowserQRCodeReader } from '@zxing/browser'
import {
  BinaryBitmap,
  ChecksumException,
  DecodeHintType,
  FormatException,
  HybridBinarizer,
  NotFoundException,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library'
import type { QrDecoder, RgbaFrame } from './decoder.ts'

/**
 * @zxing/browser waits 500 ms between attempts by default: a person holding up a phone would wait half a
 * second for nothing. 50 ms keeps a tablet's CPU below saturation while a code is read within a frame or two.
 */
const scanAttemptDelayMs = 50
/** After a read the same code stays in view; the screen ignores repeats, so the decoder need not pause long. */
const scanSuccessDelayMs = 300

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]])

/** ITU-R BT.601 luma, as zxing computes it, in one pass over the RGBA bytes. */
function luminanceOf(frame: RgbaFrame): Uint8ClampedArray {
  const { data, width, height } = frame
  const luminance = new Uint8ClampedArray(width * height)
  for (let i = 0, p = 0; i < luminance.length; i++, p += 4) {
    luminance[i] = ((data[p] ?? 0) * 306 + (data[p + 1] ?? 0) * 601 + (data[p + 2] ?? 0) * 117) >> 10
  }
  return luminance
}

function isNoCode(error: unknown): boolean {
  return (
    error instanceof NotFoundException ||
    error instanceof ChecksumException ||
    error instanceof FormatException
  )
}

/** The decoder of @zxing/library (pure JavaScript), driven on the camera by @zxing/browser. */
export function createZxingDecoder(): QrDecoder {
  const reader = new QRCodeReader()
  return {
    id: 'zxing-js',
    async decodeFrame(frame) {
      const source = new RGBLuminanceSource(luminanceOf(frame), frame.width, frame.height)
      try {
        return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText()
      } catch (error) {
        if (isNoCode(error)) return undefined
        throw error
      }
    },
    async decodeFromStream(stream, video, onText) {
      const browserReader = new BrowserQRCodeReader(undefined, {
        delayBetweenScanAttempts: scanAttemptDelayMs,
        delayBetweenScanSuccess: scanSuccessDelayMs,
      })
      const controls = await browserReader.decodeFromStream(stream, video, (result) => {
        if (result) onText(result.getText(), performance.now())
      })
      return { stop: () => controls.stop() }
    },
  }
}
