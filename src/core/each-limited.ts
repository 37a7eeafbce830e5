/**
 * Runs `work` on every item, at most `limit` at a time, in order of the items. The first error
 * stops new items from starting and is what the promise rejects with, once the items already
 * started have settled (so nothing is still writing when the caller hears of the failure).
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failure: { error: unknown } | null = null
  const lane = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  if (failure !== null) throw (failure as { error: unknown }).error
}
