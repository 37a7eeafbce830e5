import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronUp, CircleCheck, CircleX, Clock3, Layers, LoaderCircle, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react'
import type { Job } from '../../../src/shared/schemas/index.js'
import { refreshPosts } from '../../api/admin.js'
import { useCancelAllJobs, useCancelJob, useJobsStatus } from '../../api/jobs.js'
import { useToast } from '../ui/toaster.js'
import {
  EMPTY_MEMORY,
  JOB_KIND_LABELS,
  JOB_STATUS_LABELS,
  jobsSummary,
  nextExpiry,
  observeJobs,
  shownJobs,
} from './job-visibility.js'
import type { JobMemory } from './job-visibility.js'
import { useToastClearance } from './use-toast-clearance.js'
import { useDockSpace } from './use-dock-space.js'

const STATUS_ICONS: Record<Job['status'], ReactNode> = {
  pending: <Clock3 size={16} aria-hidden="true" />,
  processing: <LoaderCircle size={16} aria-hidden="true" className="spin" />,
  completed: <CircleCheck size={16} aria-hidden="true" />,
  failed: <CircleX size={16} aria-hidden="true" />,
}

/**
 * SPEC §2/§4 floating job tracker: what is queued and running, completed jobs for 5 seconds,
 * and failures until dismissed; pending jobs can be cancelled one by one or all at once.
 * Nothing shows while there is no work. It floats over the page, which never moves for it
 * (issue 40); the page keeps room to scroll its controls out from under it (use-dock-space.ts).
 */
export function JobTrackerPanel() {
  const { data, dataUpdatedAt } = useJobsStatus(true)
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const cancelOne = useCancelJob()
  const cancelAll = useCancelAllJobs()
  const memoryRef = useRef<JobMemory>(EMPTY_MEMORY)
  const [memory, setMemory] = useState<JobMemory>(EMPTY_MEMORY)
  const [now, setNow] = useState(0)
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  // it comes folded, one line high, so it hides as little of the page as it can; the owner opens it
  const [open, setOpen] = useState(false)
  const clearance = useToastClearance()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  // each answer: note what finished, and refresh the posts of jobs that completed (SPEC §4)
  useEffect(() => {
    if (!data) return
    const at = Date.now()
    const { memory: next, completed } = observeJobs(memoryRef.current, data.jobs, at)
    memoryRef.current = next
    setMemory(next)
    setNow(at)
    if (completed.length > 0) void refreshPosts(queryClient)
  }, [data, dataUpdatedAt, queryClient])

  // a completed job leaves the list 5 s after it finished
  const jobs = data?.jobs ?? []
  const expiry = nextExpiry(jobs, memory, now)
  useEffect(() => {
    if (expiry === null) return
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, expiry - Date.now()) + 20)
    return () => clearTimeout(timer)
  }, [expiry])

  const shown = shownJobs(jobs, memory, now, dismissed)
  if (shown.length === 0) return null

  const pending = shown.filter((j) => j.status === 'pending').length
  const running = shown.some((j) => j.status === 'processing' || j.status === 'pending')
  const listId = `${id}-list`

  async function onCancel(job: Job) {
    try {
      await cancelOne.mutateAsync(job.id)
      toast({ title: 'Job cancelled', description: `"${job.title}" will not be processed.` })
    } catch {
      toast({ title: 'Error', description: 'Failed to cancel job', variant: 'destructive' })
    }
  }

  async function onCancelAll() {
    try {
      const { cancelledCount } = await cancelAll.mutateAsync()
      toast({
        title: 'Jobs cancelled',
        description: `Cancelled ${cancelledCount} pending ${cancelledCount === 1 ? 'job' : 'jobs'}.`,
      })
    } catch {
      toast({ title: 'Error', description: 'Failed to cancel jobs', variant: 'destructive' })
    }
  }

  // open, it lies over the page: Escape folds it and gives focus back to its toggle
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setOpen(false)
    toggleRef.current?.focus()
  }

  return (
    <Dock
      className={`job-tracker${open ? ' job-tracker--open' : ''}`}
      labelledBy={`${id}-title`}
      style={{ '--toast-clearance': `${clearance}px` } as CSSProperties}
      onKeyDown={onKeyDown}
    >
      <button
        ref={toggleRef}
        type="button"
        className="job-tracker__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={`job-tracker__badge${running ? ' job-tracker__badge--busy' : ''}`} aria-hidden="true">
          {running ? <LoaderCircle size={16} className="spin" /> : <Layers size={16} />}
        </span>
        <span className="job-tracker__heading">
          <span id={`${id}-title`} className="job-tracker__title">
            Background jobs
          </span>
          <span className="job-tracker__summary" role="status">
            {jobsSummary(shown)}
          </span>
        </span>
        {open ? (
          <ChevronDown size={16} aria-hidden="true" className="job-tracker__chevron" />
        ) : (
          <ChevronUp size={16} aria-hidden="true" className="job-tracker__chevron" />
        )}
      </button>
      {open && (
        <div id={listId} className="job-tracker__body">
          <ul className="job-tracker__list">
            {shown.map((job) => (
              <li key={job.id} className={`job job--${job.status}`}>
                <span className="job__icon">{STATUS_ICONS[job.status]}</span>
                <div className="job__main">
                  <p className="job__title">{job.title}</p>
                  <p className="job__meta">
                    {JOB_KIND_LABELS[job.kind] ?? job.kind} · {JOB_STATUS_LABELS[job.status]}
                  </p>
                  {job.status === 'failed' && job.error && <p className="job__error">{job.error}</p>}
                  {job.status === 'completed' && job.note && <p className="job__note">{job.note}</p>}
                </div>
                {job.status === 'pending' && (
                  <button
                    type="button"
                    className="icon-button job__action"
                    aria-label={`Cancel the job for "${job.title}"`}
                    title="Cancel this job"
                    disabled={cancelOne.isPending && cancelOne.variables === job.id}
                    onClick={() => void onCancel(job)}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                )}
                {job.status === 'failed' && (
                  <button
                    type="button"
                    className="icon-button job__action"
                    aria-label={`Dismiss the failed job for "${job.title}"`}
                    title="Dismiss"
                    onClick={() => setDismissed((d) => new Set([...d, job.id]))}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {pending > 0 && (
            <div className="job-tracker__footer">
              <button
                type="button"
                className="button button--quiet button--small"
                onClick={() => void onCancelAll()}
                disabled={cancelAll.isPending}
              >
                Cancel all pending ({pending})
              </button>
            </div>
          )}
        </div>
      )}
    </Dock>
  )
}

/** The tracker's landmark; the page keeps room to scroll its controls clear of it. */
function Dock({
  className,
  labelledBy,
  style,
  onKeyDown,
  children,
}: {
  className: string
  labelledBy: string
  style: CSSProperties
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  useDockSpace(ref)
  return (
    <section ref={ref} className={className} aria-labelledby={labelledBy} style={style} onKeyDown={onKeyDown}>
      {children}
    </section>
  )
}
