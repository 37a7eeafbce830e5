import { createContext, useContext } from 'react'

/**
 * How any part of the page asks for the login dialog ('Admin Login' in the mobile menu, 'Sign
 * in' in the header, the Access Denied page). LoginProvider (components/auth) supplies it;
 * without the provider (a component rendered alone) the request does nothing.
 */
export interface LoginUi {
  openLogin: () => void
}

export const LoginContext = createContext<LoginUi>({ openLogin: () => {} })

export function useLoginUi(): LoginUi {
  return useContext(LoginContext)
}
