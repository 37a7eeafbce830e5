import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useSetupAdmin } from '../../api/auth-mutations.js'
import { serverMessage } from '../../lib/errors.js'
import { slotsRemainingText } from '../../lib/role-capabilities.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'
import { AdminLimitNotice } from './admin-limit-notice.js'

const EMPTY = { username: '', password: '', email: '' }

/** SPEC §8's marker for "all 5 admin slots are taken". */
const LIMIT_MARKER = 'Maximum admin accounts'

/**
 * The create-admin form (POST /api/auth/setup). SPEC §5: an empty username or password
 * silently does nothing. When the 5-admin limit is hit, the existing admins are listed.
 */
export function CreateAdminForm() {
  const [values, setValues] = useState(EMPTY)
  const [limitReached, setLimitReached] = useState(false)
  const setup = useSetupAdmin()
  const { toast } = useToast()
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const username = values.username.trim()
    if (setup.isPending || !username || !values.password) return
    const email = values.email.trim()
    setup.mutate(
      { username, password: values.password, ...(email ? { email } : {}) },
      {
        onSuccess: ({ user, slotsRemaining }) => {
          setValues(EMPTY)
          setLimitReached(false)
          toast({
            title: 'Admin created',
            description: `${user.username} can now sign in. ${slotsRemainingText(slotsRemaining)}`,
          })
        },
        onError: (error) => {
          const message = serverMessage(error, 'Could not create the admin account.')
          toast({ title: 'Setup failed', description: message, variant: 'destructive' })
          setLimitReached(message.includes(LIMIT_MARKER))
        },
      },
    )
  }

  return (
    <section className="card" aria-labelledby="create-admin-title">
      <h2 id="create-admin-title" className="card-title">
        Create an admin account
      </h2>
      <p className="auth-form__intro">
        On a new site the first admin can be created by anyone; once the site has posts, only through the setup link{' '}
        <code>blog serve</code> prints or with <code>blog admin create</code>. After that, only a signed-in admin can
        add more, up to 5 in all.
      </p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={set('username')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
        />
        <Field
          label="Email"
          labelNote="(optional)"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
        />
        <div className="auth-form__actions">
          <button type="submit" className="button button--primary" disabled={setup.isPending}>
            <UserPlus size={16} aria-hidden="true" />
            {setup.isPending ? 'Creating…' : 'Create admin'}
          </button>
        </div>
      </form>
      {limitReached && <AdminLimitNotice />}
    </section>
  )
}
