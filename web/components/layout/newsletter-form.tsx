import { useMutation } from '@tanstack/react-query'
import { CircleCheck, Send } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { request } from '../../api/call.js'
import { useTypedBeforeHydration } from '../../hooks/use-typed-before-hydration.js'
import { serverMessage } from '../../lib/errors.js'
import { useToast } from '../ui/toaster.js'

/**
 * The server's reason, without the field name its validation puts first ('email: Valid email
 * is required' reads 'Valid email is required').
 */
export function subscribeFailureText(error: unknown): string {
  return serverMessage(error, 'Failed to subscribe to newsletter').replace(/^email: /, '')
}

/**
 * SPEC §2 'Stay Updated' box: an e-mail input (required, e-mail type, trimmed) and a submit
 * button, disabled while the trimmed address is empty or the call is pending (§5). A successful
 * subscribe replaces the form with the confirmation (§4), which takes the focus the vanished
 * button had. Both outcomes are also toasted (§8). Subscribing twice is not an error
 * (DECISIONS.md), so a repeat also confirms.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const id = useId()
  const { toast } = useToast()
  const box = useRef<HTMLElement>(null)
  const done = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const subscribe = useMutation({
    mutationFn: (address: string) => request('subscribe', { body: { email: address } }),
    onSuccess: () =>
      toast({
        title: 'Successfully subscribed!',
        description: "You'll receive email alerts when new posts are published.",
      }),
    onError: (error) => {
      toast({ title: 'Subscription failed', description: subscribeFailureText(error), variant: 'destructive' })
      // the button was disabled while pending and lost the focus: back to the address, to correct it
      if (document.activeElement === document.body) input.current?.focus()
    },
  })
  const trimmed = email.trim()
  const succeeded = subscribe.isSuccess
  useTypedBeforeHydration(input, email, setEmail)

  useEffect(() => {
    if (!succeeded) return
    // only when the reader was here: the submit button is gone, so focus would fall to the page
    const active = document.activeElement
    if (!active || active === document.body || box.current?.contains(active)) done.current?.focus()
  }, [succeeded])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!trimmed || subscribe.isPending) return
    subscribe.mutate(trimmed)
  }

  return (
    <section ref={box} className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        Stay Updated
      </h2>
      {succeeded ? (
        <div ref={done} className="newsletter__done" role="status" tabIndex={-1}>
          <CircleCheck size={20} aria-hidden="true" />
          <div>
            <p className="newsletter__done-title">Successfully subscribed!</p>
            <p>You'll receive alerts for new posts.</p>
          </div>
        </div>
      ) : (
        <>
          <p id={`${id}-text`} className="newsletter__text">
            Get an e-mail when a new essay is published. No spam, unsubscribe any time.
          </p>
          <form className="newsletter__form" onSubmit={onSubmit} aria-busy={subscribe.isPending || undefined}>
            <label htmlFor={`${id}-email`} className="sr-only">
              E-mail address
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              className="input"
              type="email"
              name="email"
              required
              autoComplete="email"
              maxLength={254}
              placeholder="you@example.com"
              aria-describedby={`${id}-text`}
              readOnly={subscribe.isPending}
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
