import { type FormSchema, useZodForm } from '@furfes/ui/forms'
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

/**
 * A My Page form that saves: its values checked by `schema`, then handed to `save` (the API call, and keeping
 * the answer in My Page's cache). `formProps` wire a `SchemaForm` to both; `done` says the last save went through.
 */
export function useSaveForm<Values extends Record<string, unknown>, Output>(
  schema: FormSchema<Output>,
  initial: Values,
  save: (values: Output) => Promise<void>,
) {
  const form = useZodForm<Values, Output>(schema, initial)
  const request = useSubmit(save)
  // The submit whose save went through: "saved" stays only until the next submit, valid or not.
  const [savedAt, setSavedAt] = useState<number>()
  const formProps = {
    form,
    onValid: (values: Output) => {
      const submit = form.submits + 1
      void request.submit(values).then(() => setSavedAt(submit))
    },
    error: request.error,
    busy: request.busy,
  }
  return { form, formProps, done: request.done && savedAt === form.submits }
}
