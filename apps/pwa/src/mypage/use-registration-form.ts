import { type RegistrationForm, registrationFormSchema } from '@furfes/core'
import { useFieldMessage, useZodForm } from '@furfes/ui/forms'
import type { RegistrationFormValues } from './RegistrationFields.tsx'

/**
 * A registration form over core's schema, for registering and for joining a waiting list alike (both ask for,
 * and check, the same fields), with the translated message of a field by its path.
 */
export function useRegistrationForm(initial: RegistrationFormValues) {
  const form = useZodForm<RegistrationFormValues, RegistrationForm>(registrationFormSchema, initial)
  return { form, message: useFieldMessage(form) }
}
