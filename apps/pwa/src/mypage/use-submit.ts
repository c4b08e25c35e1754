import { useCallback, useState } from 'react'
import { useMyPage } from './context.ts'

/** A request a form sends: busy while it runs, its error kept for the form; a gone session goes to sign-in. */
export function useSubmit<Input, Output>(send: (input: Input) => Promise<Output>) {
  const { handleSessionError } = useMyPage()
  const [state, setState] = useState<{ busy: boolean; error: unknown; done: boolean }>({
    busy: false,
    error: undefined,
    done: false,
  })
  const submit = useCallback(
    async (input: Input): Promise<Output | undefined> => {
      setState({ busy: true, error: undefined, done: false })
      try {
        const output = await send(input)
        setState({ busy: false, error: undefined, done: true })
        return output
      } catch (error) {
        if (!handleSessionError(error)) setState({ busy: false, error, done: false })
        return undefined
      }
    },
    [send, handleSessionError],
  )
  return { ...state, submit }
}
