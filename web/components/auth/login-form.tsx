import { LogIn } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { LoginSchema } from '../../../src/shared/schemas/auth.js'
import { useLogin } from '../../api/auth-mutations.js'
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js'
import { serverMessage } from '../../lib/errors.js'
import { checkForm } from '../../lib/form-errors.js'
import type { FieldErrors } from '../../lib/form-errors.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

export interface LoginValues {
  username: string
  password: string
}

export const EMPTY_LOGIN: LoginValues = { username: '', password: '' }

interface LoginFormProps {
  values: LoginValues
  onChange: (values: LoginValues) => void
  onForgot: () => void
  onSignedIn: () => void
}

/** The Login tab: username and password, checked with the server's own rules (SPEC §5). */
export function LoginForm({ values, onChange, onForgot, onSignedIn }: LoginFormProps) {
  const login = useLogin()
  const { toast } = useToast()
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({})
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (login.isPending) return
    const check = checkForm(LoginSchema, { ...values })
    if (!check.ok) {
      setErrors(check.errors)
      flag()
      return
    }
    setErrors({})
    login.mutate(check.data, {
      onSuccess: () => {
        toast({ title: 'Login successful', description: 'Welcome back!' })
        onSignedIn()
      },
      onError: (error) => {
        toast({
          title: 'Login failed',
          description: serverMessage(error, 'Invalid credentials'),
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <form ref={container} className="auth-form" onSubmit={onSubmit} noValidate>
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        error={errors.username}
        onChange={(e) => onChange({ ...values, username: e.target.value })}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
      />
      <button type="button" className="link-button auth-form__aside" onClick={onForgot}>
        Forgot your password?
      </button>
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        <LogIn size={16} aria-hidden="true" />
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
