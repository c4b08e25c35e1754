import { type RegistrationForm, registrationFormSchema } from '@furfes/core'
import { useZodForm } from '../account/form.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import type { RegistrationFormValues } from './RegistrationFields.tsx'

/**
 * A registration form over core's schema, for registering and for joining a waiting list alike (both ask for,
 * and check, the same fields), with the translated message of a field by its path.
 */
export function useRegistrationForm(initial: RegistrationFormValues) {
  const { errorText } = useAccountTranslation()
  const form = useZodForm<RegistrationFormValues, RegistrationForm>(registrationFormSchema, initial)
  const message = (path: string) => {
    const issue = form.errors[path]
    return issue ? errorText(issue.key, issue.values) : undefined
  }
  return { form, message }
}
