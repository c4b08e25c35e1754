import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useApiRead } from './api-read.ts'

/** A read the test answers by hand: each call waits until the test resolves or rejects it. */
function manualReads<T>() {
  const calls: {
    subject: string
    signal: AbortSignal
    resolve: (value: T) => void
    reject: (error: unknown) => void
  }[] = []
  const read = (subject: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ subject, signal, resolve, reject })
    })
  return { calls, read }
}

describe('useApiRead', () => {
  it('reads when opened, keeps what is shown while reloading, and keeps a failure to show', async () => {
    const { calls, read } = manualReads<string[]>()
    const { result } = renderHook(() => useApiRead(read('staff'), ['staff']))
    expect(result.current.data).toBeUndefined()
    await act(async () => calls[0]?.resolve(['a']))
    expect(result.current.data).toEqual(['a'])

    act(() => result.current.reload())
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(result.current.data).toEqual(['a'])
    const failure = new Error('offline')
    await act(async () => calls[1]?.reject(failure))
    expect(result.current).toMatchObject({ data: ['a'], error: failure })

    act(() => result.current.reload())
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(result.current.error).toBeUndefined()
    await act(async () => calls[2]?.resolve(['a', 'b']))
    expect(result.current).toMatchObject({ data: ['a', 'b'], error: undefined })
  })

  it('starts from nothing for a new subject and drops the answer of the read it superseded', async () => {
    const { calls, read } = manualReads<string>()
    const { result, rerender } = renderHook(({ subject }) => useApiRead(read(subject), [subject]), {
      initialProps: { subject: 'first' },
    })
    await act(async () => calls[0]?.resolve('first answer'))
    rerender({ subject: 'second' })
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(result.current.data).toBeUndefined()
    rerender({ subject: 'third' })
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(calls[1]?.signal.aborted).toBe(true)

    await act(async () => calls[1]?.resolve('late second answer'))
    expect(result.current.data).toBeUndefined()
    await act(async () => calls[2]?.resolve('third answer'))
    expect(result.current.data).toBe('third answer')
  })

  it('aborts the read when the screen is left, and shows what a change answered', async () => {
    const { calls, read } = manualReads<number>()
    const { result, unmount } = renderHook(() => useApiRead(read('flags'), ['flags']))
    await act(async () => calls[0]?.resolve(1))
    act(() => result.current.setData(2))
    expect(result.current.data).toBe(2)

    act(() => result.current.reload())
    await waitFor(() => expect(calls).toHaveLength(2))
    unmount()
    expect(calls[1]?.signal.aborted).toBe(true)
  })
})
