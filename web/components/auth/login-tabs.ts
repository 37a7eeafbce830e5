/** SPEC §4: the login dialog's tabs. */
export type LoginTab = 'login' | 'forgot' | 'reset'

export const LOGIN_TABS: readonly { value: LoginTab; label: string }[] = [
  { value: 'login', label: 'Login' },
  { value: 'forgot', label: 'Forgot Password' },
  { value: 'reset', label: 'Reset Password' },
]

export function isLoginTab(value: string): value is LoginTab {
  return LOGIN_TABS.some((t) => t.value === value)
}
