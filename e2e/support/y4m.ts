import { writeFileSync } from 'node:fs'
import QRCode from 'qrcode'

/*
 * Y4M clips for Chromium's fake camera (`--use-file-for-fake-video-capture`), which plays them in a loop.
 * 4:2:0 planar, 8 bit: a grey-level picture is its luma plane with neutral (128) chroma.
 */

const clipWidth = 640
const clipHeight = 480
export const clipFps = 30

const white = 235
const black = 16

/** The luma plane of a QR code of `text`, centred on white, with a quiet zone of four modules. */
function qrLuma(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const modules = qr.modules.size
  const total = modules + 8
  const scale = Math.floor((clipHeight * 0.9) / total)
  const left = Math.floor((clipWidth - total * scale) / 2)
  const top = Math.floor((clipHeight - total * scale) / 2)
  const luma = Buffer.alloc(clipWidth * clipHeight, white)
  for (let y = 0; y < total * scale; y++) {
    const row = Math.floor(y / scale) - 4
    if (row < 0 || row >= modules) continue
    for (let x = 0; x < total * scale; x++) {
      const col = Math.floor(x / scale) - 4
      if (col >= 0 && col < modules && qr.modules.get(row, col))
        luma[(top + y) * clipWidth + left + x] = black
    }
  }
  return luma
}

/**
 * Writes a clip of `blankFrames` white frames followed by `codeFrames` frames of the QR code of `text`.
 * With no blank frames the code is always in view (a person holding it up); with some, each loop is a new
 * person arriving at an idle scanner (the benchmark).
 */
export function writeQrClip(
  path: string,
  text: string,
  options: { blankFrames?: number; codeFrames?: number } = {},
) {
  const chroma = Buffer.alloc((clipWidth / 2) * (clipHeight / 2), 128)
  const frame = (luma: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])
  const code = frame(qrLuma(text))
  const blank = frame(Buffer.alloc(clipWidth * clipHeight, white))
  const header = Buffer.from(`YUV4MPEG2 W${clipWidth} H${clipHeight} F${clipFps}:1 Ip A1:1 C420jpeg\n`)
  const frames = [
    ...Array.from({ length: options.blankFrames ?? 0 }, () => blank),
    ...Array.from({ length: options.codeFrames ?? clipFps }, () => code),
  ]
  writeFileSync(path, Buffer.concat([header, ...frames]))
}
