import type { Verdict } from '../verify/verdict.ts'

export interface VerdictCue {
  /** Sounds and vibrates for a verdict, so staff need not look at the screen for every person. */
  play(kind: Verdict['kind']): void
}

interface Tone {
  frequency: number
  ms: number
  type: OscillatorType
}

/** Valid: one short high beep. Already: two middle beeps. Rejected: a long low buzz. */
const tones: Record<Verdict['kind'], Tone[]> = {
  valid: [{ frequency: 1320, ms: 120, type: 'sine' }],
  alreadyCheckedIn: [
    { frequency: 660, ms: 110, type: 'sine' },
    { frequency: 660, ms: 110, type: 'sine' },
  ],
  rejected: [{ frequency: 200, ms: 450, type: 'square' }],
}

const vibrations: Record<Verdict['kind'], number[]> = {
  valid: [80],
  alreadyCheckedIn: [80, 80, 80],
  rejected: [300, 100, 300],
}

/**
 * WebAudio beeps (no sound files to precache) and vibration where the device has it. Browsers only let a
 * page start audio after a user gesture, so the audio context is made by `unlock` (the scan screen calls it
 * on the first touch or key press); until then the cue only vibrates. Making it later, on a verdict, would
 * cost the first verdict a few hundred milliseconds and still stay silent.
 */
export function createVerdictCue(
  environment: { AudioContext?: typeof AudioContext; navigator?: Navigator } = globalThis,
): VerdictCue & { unlock(): void } {
  let context: AudioContext | undefined
  return {
    unlock() {
      if (!context && environment.AudioContext) context = new environment.AudioContext()
      void context?.resume()
    },
    play(kind) {
      environment.navigator?.vibrate?.(vibrations[kind])
      const ctx = context
      if (ctx?.state !== 'running') return
      let at = ctx.currentTime
      for (const tone of tones[kind]) {
        const oscillator = ctx.createOscillator()
        const gain = ctx.createGain()
        oscillator.type = tone.type
        oscillator.frequency.value = tone.frequency
        gain.gain.setValueAtTime(0.25, at)
        gain.gain.exponentialRampToValueAtTime(0.001, at + tone.ms / 1000)
        oscillator.connect(gain).connect(ctx.destination)
        oscillator.start(at)
        oscillator.stop(at + tone.ms / 1000)
        at += tone.ms / 1000 + 0.06
      }
    },
  }
}
