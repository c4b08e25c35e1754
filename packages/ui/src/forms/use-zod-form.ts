import { fieldMessages, type IssueMessage } from '@furfes/core'
import { type FormEvent, useCallback, useMemo, useState } from 'react'

/** What the form needs of a zod schema (typed structurally: a form's app need not depend on zod itself). */
export interface FormSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: Parameters<typeof fieldMessages>[0] }
}

export interface ZodForm<Values extends Record<string, unknown>, Output> {
  values: Values
  /** The message of each field that has been edited (or of every field once submitted), by dotted path. */
  errors: Readonly<Record<string, IssueMessage>>
  /** Sets a value and (unless `touch: false`, e.g. adding an empty row) marks the field as edited. */
  setValue<K extends keyof Values & string>(name: K, value: Values[K], options?: { touch?: boolean }): void
  /** Marks a path as edited, so its message shows (`linkUrls.2`). */
  touch(path: string): void
  /** Validates everything, shows every message, and calls `onValid` with the parsed values when they pass. */
  handleSubmit(onValid: (output: Output) => void): (event?: FormEvent) => void
  /** Whether the values pass the schema now. */
  isValid: boolean
  /** How many times the form was submitted, valid or not: a result shown for an earlier submit is out of date. */
  submits: number
}

/**
 * A form over one of core's zod schemas, the one form state of both apps; forms validate on every input
 * (docs/requirements.md ACC-12). Every change is validated at once; a field's message shows from its first edit,
 * every message from the first submit, which also moves focus to the first field found wrong. The messages are
 * keys of the `errors` namespace, written once in core for the form and the API.
 */
export function useZodForm<Values extends Record<string, unknown>, Output>(
  schema: FormSchema<Output>,
  initial: Values,
): ZodForm<Values, Output> {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [submits, setSubmits] = useState(0)
  const submitted = submits > 0
  const result = useMemo(() => schema.safeParse(values), [schema, values])
  const all = useMemo(() => (result.success ? {} : fieldMessages(result.error)), [result])
  const errors = useMemo(() => {
    if (submitted) return all
    const shown: Record<string, IssueMessage> = {}
    for (const [path, message] of Object.entries(all)) {
      if ([...touched].some((name) => path === name || path.startsWith(`${name}.`))) shown[path] = message
    }
    return shown
  }, [all, touched, submitted])

  const touch = useCallback((path: string) => {
    setTouched((previous) => (previous.has(path) ? previous : new Set([...previous, path])))
  }, [])
  const setValue = useCallback(
    <K extends keyof Values & string>(name: K, value: Values[K], options: { touch?: boolean } = {}) => {
      setValues((previous) => ({ ...previous, [name]: value }))
      if (options.touch !== false) touch(name)
    },
    [touch],
  )
  const handleSubmit = (onValid: (output: Output) => void) => (event?: FormEvent) => {
    event?.preventDefault()
    setSubmits((count) => count + 1)
    const parsed = schema.safeParse(values)
    if (parsed.success) onValid(parsed.data)
    else focusFirstInvalid(event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : undefined)
  }
  return { values, errors, setValue, touch, handleSubmit, isValid: result.success, submits }
}

/**
 * Moves focus to the first field the submit found wrong, in reading order, after React has rendered its message:
 * within the submitted form, as a page may hold several (registering and joining the waiting list).
 */
function focusFirstInvalid(form: HTMLFormElement | undefined) {
  requestAnimationFrame(() => {
    const scope = form?.isConnected ? form : document
    const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]')
    invalid?.focus()
  })
}
