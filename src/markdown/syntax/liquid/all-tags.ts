// Each tag module registers itself with defineLiquidTag; importing them here makes them known
// to every render. One line per tag file.
import './include.js'
import './cite.js'
import './post-url.js'
export {}
