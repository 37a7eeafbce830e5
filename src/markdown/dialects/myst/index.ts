export { isMyst, isMystMarkerLine } from './detect.js'
export { readMyst, type MystReading } from './read-myst.js'
