export { isMyst, isMystMarkerLine } from './detect.js'
export { readMyst, type MystReading, type MystSources } from './read-myst.js'
