// The browser entry, and the only web file that imports CSS: every other file is also
// compiled by tsc and imported by Node for server rendering.
// Variable fonts for the roman: one file per family carries every weight the site uses, and
// each font file that arrives after the first paint makes the browser lay out and paint the
// page again. The serif's italic is a file per weight instead (styles/serif-italics.css): an
// essay's italics are nearly all of one weight, a third of the variable italic's size.
import '@fontsource-variable/source-serif-4/wght.css'
import './styles/serif-italics.css'
import '@fontsource-variable/inter/wght.css'
import 'katex/dist/katex.min.css'
import './styles/index.css'
import { afterFirstPaint, idleOrInteraction } from './lib/after-first-paint.js'
import { holdEarlyTaps } from './lib/early-taps.js'
import { layOutForFragments } from './lib/essay-jump.js'
import { preparePrinting } from './lib/print-fit.js'

// The server's markup is the page: it is painted first, and only once the browser is idle
// after that (or the reader reaches for the page) is the app fetched and run to take it over
// (web/boot-client.tsx). Until then links and forms work as plain HTML, and a tap on one of the
// app's buttons is replayed once the app is there.
holdEarlyTaps()
layOutForFragments()
// listeners only: a print made before the app has started still fits its formulas
preparePrinting()
afterFirstPaint()
  .then(() => idleOrInteraction())
  .then(() => import('./boot-client.js'))
  .catch((error: unknown) => console.error('Scholia: the app failed to start', error))
