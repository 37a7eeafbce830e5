import { useMutation } from '@tanstack/react-query'
import { CircleCheck, Send } from 'lucide-react'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { apiRequest } from '../../api/query-client.js'
import { serverMessage } from '../../lib/errors.js'
import { useToast } from '../ui/toaster.js'

/**
 * SPEC §2 'Stay Updated' box: an e-mail input and a submit button, disabled while the trimmed
 * address is empty or the call is pending (§5). A successful subscribe replaces the form with
 * the confirmation (§4). Both outcomes are also toasted (§8).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const id = useId()
  const { toast } = useToast()
  const subscribe = useMutation({
    mutationFn: (address: string) => apiRequest('POST', '/api/subscribe', { email: address }),
    onSuccess: () => toast({ title: 'Successfully subscribed!', description: "You'll receive email alerts when new posts are published." }),
    onError: (error) =>
      toast({ title: 'Subscription failed', description: serverMessage(error, 'Failed to subscribe to newsletter'), variant: 'destructive' }),
  })
  const trimmed = email.trim()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!trimmed || subscribe.isPending) return
    subscribe.mutate(trimmed)
  }

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        Stay Updated
      </h2>
      {subscribe.isSuccess ? (
        <div className="newsletter__done" role="status">
          <CircleCheck size={20} aria-hidden="true" />
          <div>
            <p className="newsletter__done-title">Successfully subscribed!</p>
            <p>You'll receive alerts for new posts.</p>
          </div>
        </div>
      ) : (
        <>
          <p className="newsletter__text">Get an e-mail when a new essay is published. No spam, unsubscribe any time.</p>
          <form className="newsletter__form" onSubmit={onSubmit}>
            <label htmlFor={`${id}-email`} className="sr-only">
              E-mail address
            </label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={!trimmed || subscribe.isPending}>
              <Send size={16} aria-hidden="true" />
              {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </form>
        </>
      )}
    </section>
  )
}
