import { createContext, useContext } from 'react'

/**
 * How any part of the page asks for the login dialog ('Admin Login' in the mobile menu, and
 * later the admin-only pages). The dialog itself arrives with the auth issue; until then the
 * provider is absent and the request does nothing.
 */
export interface LoginUi {
  openLogin: () => void
}

export const LoginContext = createContext<LoginUi>({ openLogin: () => {} })

export function useLoginUi(): LoginUi {
  return useContext(LoginContext)
}
