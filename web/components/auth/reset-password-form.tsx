import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { PasswordResetSchema } from '../../../src/shared/schemas/auth.js'
import { useResetPassword } from '../../api/auth-mutations.js'
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js'
import { serverMessage } from '../../lib/errors.js'
import { checkForm } from '../../lib/form-errors.js'
import type { FieldErrors } from '../../lib/form-errors.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

export interface ResetValues {
  token: string
  password: string
  confirmPassword: string
}

interface ResetPasswordFormProps {
  values: ResetValues
  onChange: (values: ResetValues) => void
  /** SPEC §4: a successful reset moves to the Login tab. */
  onDone: () => void
}

/** The Reset Password tab: the token from the e-mail and the new password, twice. */
export function ResetPasswordForm({ values, onChange, onDone }: ResetPasswordFormProps) {
  const reset = useResetPassword()
  const { toast } = useToast()
  const [errors, setErrors] = useState<FieldErrors<keyof ResetValues>>({})
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()
  const set = (key: keyof ResetValues) => (e: { target: { value: string } }) =>
    onChange({ ...values, [key]: e.target.value })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (reset.isPending) return
    const check = checkForm(PasswordResetSchema, { ...values })
    if (!check.ok) {
      setErrors(check.errors)
      flag()
      return
    }
    setErrors({})
    reset.mutate(check.data, {
      onSuccess: () => {
        toast({
          title: 'Password reset successful',
          description: 'Your password has been updated. You can now log in.',
        })
        onDone()
      },
      onError: (e) => {
        toast({
          title: 'Password reset failed',
          description: serverMessage(e, 'Please try again.'),
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <form ref={container} className="auth-form" onSubmit={onSubmit} noValidate>
      <Field
        label="Reset token"
        name="token"
        autoComplete="off"
        spellCheck={false}
        hint="The code from the link in your reset e-mail."
        value={values.token}
        error={errors.token}
        onChange={set('token')}
      />
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
        <KeyRound size={16} aria-hidden="true" />
        {reset.isPending ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  )
}
