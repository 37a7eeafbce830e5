/** The shape of a post page while it loads (SPEC §2: a loading skeleton). */
export function PostSkeleton() {
  return (
    <div className="post-skeleton" aria-busy="true">
      <span className="sr-only" role="status">
        Loading post…
      </span>
      <div aria-hidden="true">
        <span className="skeleton skeleton--heading" />
        <span className="skeleton skeleton--heading" style={{ width: '55%' }} />
        <span className="skeleton skeleton--text" style={{ width: '85%', marginTop: '1.5rem' }} />
        <span className="skeleton skeleton--meta" style={{ marginBottom: '2.5rem' }} />
        {[100, 96, 98, 90, 60, 0, 100, 94, 97, 72].map((w, i) =>
          w === 0 ? (
            <span key={i} className="skeleton-gap" />
          ) : (
            <span key={i} className="skeleton skeleton--text" style={{ width: `${w}%` }} />
          ),
        )}
      </div>
    </div>
  )
}
