export { CrossReferenceIndex, crossReferencesOf, type XrefStore } from './cross-reference-index.js'
export type { Referrer } from './xref-catalog.js'
export { formatXref, parseXref, type XrefTarget } from './xref-target.js'
