import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useUpdatePassword } from '../../api/auth-mutations.js'
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js'
import { checkPasswordChange } from '../../lib/profile-validation.js'
import type { FormProblem, PasswordChange } from '../../lib/profile-validation.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** SPEC §2 profile: change the password (current, new, confirm); fields clear after success. */
export function PasswordForm() {
  const [values, setValues] = useState<PasswordChange>(EMPTY)
  const [problem, setProblem] = useState<FormProblem<keyof PasswordChange> | null>(null)
  const update = useUpdatePassword()
  const { toast } = useToast()
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()
  const errorFor = (key: keyof PasswordChange) => (problem?.field === key ? problem.message : undefined)
  const set = (key: keyof PasswordChange) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (update.isPending) return
    const found = checkPasswordChange(values)
    setProblem(found)
    if (found) {
      flag()
      return
    }
    update.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY)
          toast({ title: 'Password updated', description: 'Your password has been changed.' })
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update password. Please check your current password.',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form ref={container} className="auth-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="card-title">
        Change password
      </h2>
      <p className="auth-form__intro">
        At least 6 characters. Other browsers signed in to this account will be signed out.
      </p>
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errorFor('currentPassword')}
        onChange={set('currentPassword')}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        error={errorFor('newPassword')}
        onChange={set('newPassword')}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errorFor('confirmPassword')}
        onChange={set('confirmPassword')}
      />
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          <KeyRound size={16} aria-hidden="true" />
          {update.isPending ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  )
}
