// The browser entry, and the only web file that imports CSS: every other file is also
// compiled by tsc and imported by Node for server rendering.
import '@fontsource/source-serif-4/400.css'
import '@fontsource/source-serif-4/400-italic.css'
import '@fontsource/source-serif-4/600.css'
import '@fontsource/source-serif-4/600-italic.css'
import '@fontsource/source-serif-4/700.css'
import '@fontsource/inter/400.css'
import '@fontsource/inter/500.css'
import '@fontsource/inter/600.css'
import 'katex/dist/katex.min.css'
import './styles/index.css'
// before every module that defines a schema (see the file)
import './zod-jitless.js'

import { hydrate } from '@tanstack/react-query'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Root } from './app.js'
import { createQueryClient } from './api/query-client.js'
import { STATE_ELEMENT_ID } from './ssr-contract.js'
import type { ClientState } from './ssr-contract.js'
import { installStaticApi } from './static/static-api.js'
import { canHydrate, readStaticSite, tidyAddress } from './static/static-site.js'

function readState(): ClientState {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent
  if (text) {
    try {
      return JSON.parse(text) as ClientState
    } catch (error) {
      console.error('Scholia: unreadable server state', error)
    }
  }
  return {
    site: { name: document.title || 'Scholia', ownerName: '', baseUrl: window.location.origin, description: '' },
    dehydrated: undefined,
  }
}

// A page of `blog build`'s static copy: the API is answered from its data files (web/static/).
const staticSite = readStaticSite(document)
if (staticSite) {
  installStaticApi(staticSite)
  tidyAddress(staticSite, window.location, window.history)
}

const state = readState()
const queryClient = createQueryClient()
if (state.dehydrated) hydrate(queryClient, state.dehydrated)

const container = document.getElementById('root')
if (!container) throw new Error('Scholia: no #root element to render into')
const app = <Root queryClient={queryClient} site={state.site} base={staticSite?.base} />
// A static host may answer with another address's page (404.html, index.html for `/?page=2`):
// that markup is replaced rather than hydrated.
if (container.hasChildNodes() && (!staticSite || canHydrate(staticSite, window.location))) hydrateRoot(container, app)
else createRoot(container).render(app)
