import { Save } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import type { User } from '../../../src/shared/schemas/index.js'
import { useUpdateEmail } from '../../api/auth-mutations.js'
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js'
import { checkEmailUpdate } from '../../lib/profile-validation.js'
import { Field } from '../ui/field.js'
import { useToast } from '../ui/toaster.js'

/** SPEC §2 profile: the e-mail update form (§5 required; §8 failure toast). */
export function EmailForm({ user }: { user: User }) {
  const [email, setEmail] = useState(user.email ?? '')
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateEmail()
  const { toast } = useToast()
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (update.isPending) return
    const problem = checkEmailUpdate(email)
    setError(problem?.message)
    if (problem) {
      flag()
      return
    }
    update.mutate(
      { email: email.trim() },
      {
        onSuccess: ({ user: updated }) => {
          if (updated) setEmail(updated.email ?? '')
          toast({ title: 'Email updated', description: 'Your email address has been updated.' })
        },
        // SPEC §8 gives one text for every failure here, the server's reason included
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update email address.', variant: 'destructive' }),
      },
    )
  }

  return (
    <form ref={container} className="auth-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-email-title">
      <h2 id="profile-email-title" className="card-title">
        Email address
      </h2>
      <p className="auth-form__intro">Password reset links are sent to this address.</p>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          <Save size={16} aria-hidden="true" />
          {update.isPending ? 'Saving…' : 'Update email'}
        </button>
      </div>
    </form>
  )
}
