import { ArrowLeft, Mail } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { ForgotPasswordSchema } from '../../../src/shared/schemas/auth.js'
import { useForgotPassword } from '../../api/auth-mutations.js'
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js'
import { serverMessage } from '../../lib/errors.js'
import { checkForm } from '../../lib/form-errors.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

interface ForgotPasswordFormProps {
  email: string
  onChange: (email: string) => void
  onBack: () => void
  /** SPEC §4: a sent reset e-mail moves to the Reset Password tab. */
  onSent: () => void
}

/** The Forgot Password tab: asks for a reset e-mail. */
export function ForgotPasswordForm({ email, onChange, onBack, onSent }: ForgotPasswordFormProps) {
  const forgot = useForgotPassword()
  const { toast } = useToast()
  const [error, setError] = useState<string | undefined>()
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (forgot.isPending) return
    const check = checkForm(ForgotPasswordSchema, { email })
    if (!check.ok) {
      setError(check.errors.email)
      flag()
      return
    }
    setError(undefined)
    forgot.mutate(check.data, {
      onSuccess: () => {
        toast({ title: 'Reset email sent', description: 'Check your email for password reset instructions.' })
        onSent()
      },
      onError: (e) => {
        toast({
          title: 'Failed to send reset email',
          description: serverMessage(e, 'Please try again later.'),
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <form ref={container} className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__intro">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
        <Mail size={16} aria-hidden="true" />
        {forgot.isPending ? 'Sending…' : 'Send reset link'}
      </button>
      <button type="button" className="link-button auth-form__back" onClick={onBack}>
        <ArrowLeft size={14} aria-hidden="true" />
        Back to login
      </button>
    </form>
  )
}
