// The form kit, an entry of its own so that pages without a form (the top page) never load it.
export {
  EmailField,
  FormTextField,
  PasswordField,
  RadioField,
  SchemaForm,
  SubmitButton,
  useFieldMessage,
} from './fields.tsx'
export { type FormSchema, useZodForm, type ZodForm } from './use-zod-form.ts'
