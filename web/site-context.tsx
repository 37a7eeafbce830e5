import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { SiteInfo } from '../src/shared/site-info.js'

const SiteContext = createContext<SiteInfo>({
  name: 'Scholia',
  ownerName: '',
  baseUrl: '',
  description: '',
})

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>
}

/** Site facts handed over by the server (name, owner, base URL, description). */
export function useSite(): SiteInfo {
  return useContext(SiteContext)
}
