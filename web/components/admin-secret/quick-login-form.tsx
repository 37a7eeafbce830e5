import { LogIn } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useLogin } from '../../api/auth-mutations.js'
import { serverMessage } from '../../lib/errors.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

/** The admin-secret page's sign-in form. SPEC §5: with either field empty it silently does nothing. */
export function QuickLoginForm({ signedIn }: { signedIn: boolean }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const login = useLogin()
  const { toast } = useToast()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (login.isPending || !username.trim() || !password) return
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          setUsername('')
          setPassword('')
          toast({ title: 'Login successful', description: 'Welcome back!' })
        },
        onError: (error) =>
          toast({
            title: 'Login failed',
            description: serverMessage(error, 'Invalid credentials'),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <section className="card" aria-labelledby="quick-login-title">
      <h2 id="quick-login-title" className="card-title">
        {signedIn ? 'Sign in as someone else' : 'Sign in'}
      </h2>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-form__actions">
          <button type="submit" className="button button--primary" disabled={login.isPending}>
            <LogIn size={16} aria-hidden="true" />
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </section>
  )
}
