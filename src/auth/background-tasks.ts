/**
 * Work a request starts but does not wait for (a reset e-mail). Failures are logged, never
 * thrown at a caller who has already had an answer; `idle()` lets shutdown and tests wait.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly log: (message: string) => void) {}

  run(what: string, task: () => Promise<void>): void {
    const p = task()
      .catch((e: unknown) => this.log(`Could not complete ${what}: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.running.delete(p))
    this.running.add(p)
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running])
  }
}
