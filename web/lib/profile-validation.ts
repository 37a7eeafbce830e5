/**
 * SPEC §9's minimum password length. Restated rather than imported from the shared schemas so
 * the main bundle does not pull in zod; a unit test keeps the two equal.
 */
export const PASSWORD_MIN = 6

export interface PasswordChange {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

export interface FormProblem<K extends string> {
  /** The field the message belongs to (focused, and described by the message). */
  field: K
  message: string
}

/** SPEC §5, profile e-mail update: the address is required. */
export function checkEmailUpdate(email: string): FormProblem<'email'> | null {
  return email.trim() ? null : { field: 'email', message: 'Email address is required.' }
}

/**
 * SPEC §5, profile password change, in the spec's order: all three required, new and confirm
 * equal, new at least 6 characters.
 */
export function checkPasswordChange(values: PasswordChange): FormProblem<keyof PasswordChange> | null {
  const order: (keyof PasswordChange)[] = ['currentPassword', 'newPassword', 'confirmPassword']
  const empty = order.find((k) => !values[k])
  if (empty) return { field: empty, message: 'All password fields are required.' }
  if (values.newPassword !== values.confirmPassword)
    return { field: 'confirmPassword', message: 'New passwords do not match.' }
  if (values.newPassword.length < PASSWORD_MIN) {
    return { field: 'newPassword', message: `Password must be at least ${PASSWORD_MIN} characters long.` }
  }
  return null
}
