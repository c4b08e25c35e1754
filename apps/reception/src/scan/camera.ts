interface Torch {
  supported: boolean
  set(on: boolean): Promise<void>
}

export interface Camera {
  stream: MediaStream
  torch: Torch
  stop(): void
}

/** Chrome on Android reports `torch` among a track's capabilities; the DOM typings do not know it yet. */
interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean
}

/**
 * Opens the rear camera (tablets at the door point it at phones), at a resolution that resolves a QR code
 * held at arm's length without making each frame slow to decode.
 */
export async function openRearCamera(mediaDevices: MediaDevices = navigator.mediaDevices): Promise<Camera> {
  const stream = await mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  })
  const [track] = stream.getVideoTracks()
  const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities
  const torchSupported = capabilities.torch === true
  return {
    stream,
    torch: {
      supported: torchSupported,
      async set(on) {
        if (!track || !torchSupported) return
        await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      },
    },
    stop() {
      for (const item of stream.getTracks()) item.stop()
    },
  }
}
