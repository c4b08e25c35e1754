import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material'
import type { HTMLInputTypeAttribute, ReactNode } from 'react'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { useErrorText } from '../error-text.ts'
import type { ZodForm } from './use-zod-form.ts'

type AnyForm = ZodForm<Record<string, unknown>, unknown>

/** The translated message of a form's field (a dotted path such as `linkUrls.2`), while it has one to show. */
export function useFieldMessage(form: Pick<AnyForm, 'errors'>): (path: string) => string | undefined {
  const { errorText } = useErrorText()
  return (path) => {
    const issue = form.errors[path]
    return issue ? errorText(issue.key, issue.values) : undefined
  }
}

type FieldProps<Values extends Record<string, unknown>, Output> = {
  form: ZodForm<Values, Output>
  name: keyof Values & string
  label: string
  autoComplete?: string
  hint?: string
  disabled?: boolean
  required?: boolean
  autoFocus?: boolean
}

/** A text field bound to a form: labelled, with its validation message (or hint) below it. */
export function FormTextField<Values extends Record<string, unknown>, Output>({
  form,
  name,
  type = 'text',
  hint,
  required = true,
  inputMode,
  ...field
}: FieldProps<Values, Output> & {
  type?: HTMLInputTypeAttribute
  inputMode?: 'numeric' | 'email' | 'text'
}) {
  const message = useFieldMessage(form)(name)
  const value = form.values[name]
  return (
    <TextField
      {...field}
      name={name}
      type={type}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => form.setValue(name, event.target.value as Values[typeof name])}
      error={message !== undefined}
      helperText={message ?? hint}
      required={required}
      fullWidth
      slotProps={{ htmlInput: inputMode ? { inputMode } : {} }}
    />
  )
}

/** An e-mail address; `autoComplete` says whose (`username` on a sign-in form, so managers pair it). */
export function EmailField<Values extends Record<string, unknown>, Output>(
  props: FieldProps<Values, Output>,
) {
  return <FormTextField autoComplete="email" {...props} type="email" />
}

/**
 * A password, hidden as typed (neither app offers to show it). `purpose` tells the password manager whether to
 * fill the saved one or suggest a new one.
 */
export function PasswordField<Values extends Record<string, unknown>, Output>({
  purpose = 'current',
  ...props
}: Omit<FieldProps<Values, Output>, 'autoComplete'> & { purpose?: 'current' | 'new' }) {
  return <FormTextField {...props} type="password" autoComplete={`${purpose}-password`} />
}

/** A required choice among a few values of a form, as radio buttons under a legend, with its validation message. */
export function RadioField<Values extends Record<string, unknown>, Output, Value extends string>({
  form,
  name,
  inputName = name,
  legend,
  options,
  optionLabel,
  required,
  row,
  disabled,
  hint,
}: {
  form: ZodForm<Values, Output>
  name: keyof Values & string
  /** The native group name, when two forms on one page must keep theirs apart. */
  inputName?: string
  legend: string
  options: readonly Value[]
  optionLabel: (value: Value) => ReactNode
  required?: boolean
  row?: boolean
  disabled?: boolean
  /** Said below the choices while there is no validation message. */
  hint?: string
}) {
  const message = useFieldMessage(form)(name)
  const value = form.values[name]
  const helper = message ?? hint
  return (
    <FormControl component="fieldset" error={message !== undefined} required={required} disabled={disabled}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup
        row={row}
        name={inputName}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => form.setValue(name, event.target.value as Values[typeof name])}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={optionLabel(option)} />
        ))}
      </RadioGroup>
      {helper && <FormHelperText>{helper}</FormHelperText>}
    </FormControl>
  )
}

/** The form's main button: while its request runs it is disabled and shows a spinner. */
export function SubmitButton({
  busy,
  fullWidth,
  children,
}: {
  busy: boolean
  fullWidth?: boolean
  children: ReactNode
}) {
  return (
    <Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={busy}
        aria-busy={busy}
        fullWidth={fullWidth}
      >
        {children}
      </Button>
    </Box>
  )
}

/**
 * A form over a `useZodForm`: the error of its last request above it, then its fields, then the submit button.
 * The browser's own validation is off: the schema's messages, in the page's language, replace it.
 */
export function SchemaForm<Values extends Record<string, unknown>, Output>({
  form,
  onValid,
  error,
  busy,
  submitLabel,
  spacing = 2.5,
  fullWidth,
  labelledBy,
  children,
}: {
  form: ZodForm<Values, Output>
  /** Called with the parsed values once they pass the schema. */
  onValid: (output: Output) => void
  /** What went wrong with the last request, if anything. */
  error?: unknown
  busy: boolean
  submitLabel: ReactNode
  spacing?: number
  /** A submit button as wide as the form (the reception's narrow card). */
  fullWidth?: boolean
  /** The heading that names the form, when a page holds more than one. */
  labelledBy?: string
  children: ReactNode
}) {
  return (
    <>
      <ErrorAlert error={error} />
      <Stack
        component="form"
        noValidate
        spacing={spacing}
        aria-labelledby={labelledBy}
        onSubmit={form.handleSubmit(onValid)}
      >
        {children}
        <SubmitButton busy={busy} fullWidth={fullWidth}>
          {submitLabel}
        </SubmitButton>
      </Stack>
    </>
  )
}
