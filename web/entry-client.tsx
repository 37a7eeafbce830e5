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
import { afterFirstPaint } from './lib/after-first-paint.js'

// The server's markup is the page: it is painted first, and only then is the app fetched and
// run to take it over (web/boot-client.tsx). Until then links and forms work as plain HTML.
afterFirstPaint()
  .then(() => import('./boot-client.js'))
  .catch((error: unknown) => console.error('Scholia: the app failed to start', error))
