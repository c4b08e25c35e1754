import { describe, expect, it } from 'vitest'
import { createVerdictCue } from './cue.ts'

/** Just enough of WebAudio to record which tones a cue plays. */
function fakeAudio() {
  const tones: number[] = []
  const node = () => ({ connect: (next: unknown) => next })
  class FakeAudioContext {
    state = 'suspended'
    currentTime = 0
    destination = {}
    async resume() {
      this.state = 'running'
    }
    createGain() {
      return {
        ...node(),
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      }
    }
    createOscillator() {
      const oscillator = {
        ...node(),
        type: 'sine',
        frequency: { value: 0 },
        start: () => tones.push(oscillator.frequency.value),
        stop: () => undefined,
      }
      return oscillator
    }
  }
  return { tones, AudioContext: FakeAudioContext as unknown as typeof AudioContext }
}

describe('verdict cue', () => {
  it('vibrates from the start and beeps once a gesture unlocked audio: one high, two middle, one low', async () => {
    const audio = fakeAudio()
    const vibrations: (number | number[])[] = []
    const navigator = { vibrate: (pattern: number | number[]) => vibrations.push(pattern) > 0 } as Navigator
    const sut = createVerdictCue({ AudioContext: audio.AudioContext, navigator })

    sut.play('valid')
    expect(audio.tones).toEqual([])
    expect(vibrations).toEqual([[80]])

    sut.unlock()
    await Promise.resolve()
    sut.play('valid')
    sut.play('alreadyCheckedIn')
    sut.play('rejected')
    expect(audio.tones).toEqual([1320, 660, 660, 200])
    expect(vibrations).toEqual([[80], [80], [80, 80, 80], [300, 100, 300]])
  })
})
