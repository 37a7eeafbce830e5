import { ApiError } from '../api/query-client.js'

/** True when a query failed because the API answered 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/**
 * The server's message for a failure, for toasts and inline errors (SPEC §8: "using the
 * server's message where one is given"). Reads `{message}` from a JSON body; an HTML error
 * page or a network failure gives the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  try {
    const parsed: unknown = JSON.parse(error.body)
    if (
      parsed &&
      typeof parsed === 'object' &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message
    ) {
      return parsed.message
    }
  } catch {
    // not JSON: fall through
  }
  const text = error.body.trim()
  return text && !text.startsWith('<') && text.length <= 300 ? text : fallback
}
