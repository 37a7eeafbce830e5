// The browser entry, and the only web file that imports CSS: every other file is also
// compiled by tsc and imported by Node for server rendering.
// Variable fonts: one file per family and style carries every weight the site uses. Each font
// file that arrives after the first paint makes the browser lay out and paint the page again;
// three files instead of eight static weights mean three such passes at most, not eight.
import '@fontsource-variable/source-serif-4/wght.css'
import '@fontsource-variable/source-serif-4/wght-italic.css'
import '@fontsource-variable/inter/wght.css'
import 'katex/dist/katex.min.css'
import './styles/index.css'
import { afterFirstPaint } from './lib/after-first-paint.js'

// The server's markup is the page: it is painted first, and only then is the app fetched and
// run to take it over (web/boot-client.tsx). Until then links and forms work as plain HTML.
afterFirstPaint()
  .then(() => import('./boot-client.js'))
  .catch((error: unknown) => console.error('Scholia: the app failed to start', error))
