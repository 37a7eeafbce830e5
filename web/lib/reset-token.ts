/** The query parameter the reset e-mail's link carries (DECISIONS.md: `/?resetToken=TOKEN`). */
export const RESET_TOKEN_PARAM = 'resetToken'

/** The reset token in a query string ('?a=b&resetToken=…'), or null when there is none. */
export function readResetToken(search: string): string | null {
  const token = new URLSearchParams(search).get(RESET_TOKEN_PARAM)?.trim()
  return token ? token : null
}

/**
 * The same address without the token, other parameters and the fragment kept, so a reload or
 * a shared address never reopens the dialog nor leaks the token.
 */
export function withoutResetToken(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search)
  params.delete(RESET_TOKEN_PARAM)
  const rest = params.toString()
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`
}
