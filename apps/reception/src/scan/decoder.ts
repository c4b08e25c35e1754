/** One camera frame as RGBA pixels; `ImageData` is one. */
export interface RgbaFrame {
  data: Uint8ClampedArray
  width: number
  height: number
}

interface LiveScan {
  stop(): void
}

/**
 * Reads QR codes. The camera screen and the benchmark talk only to this interface, so another decoder
 * (zxing-wasm with its self-hosted .wasm, or the native BarcodeDetector) can replace @zxing/browser wherever
 * a benchmark shows it better (decision 071).
 */
export interface QrDecoder {
  readonly id: string
  /** Decodes one frame; undefined when it holds no readable QR code. */
  decodeFrame(frame: RgbaFrame): Promise<string | undefined>
  /**
   * Decodes continuously from a camera stream shown in `video`, calling `onText` with each read and the
   * `performance.now()` it was read at.
   */
  decodeFromStream(
    stream: MediaStream,
    video: HTMLVideoElement,
    onText: (text: string, decodedAt: number) => void,
  ): Promise<LiveScan>
}
