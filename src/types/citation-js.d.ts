// citation-js and citeproc ship no types; only what Scholia uses is declared here.

declare module '@citation-js/core' {
  interface CitationJs {
    plugins: {
      input: { chain(data: unknown, options?: { forceType?: string; generateGraph?: boolean }): unknown }
      config: {
        get(name: '@csl'): {
          styles: { get(name: string): string | undefined }
          locales: { get(name: string): string | undefined }
        }
      }
    }
    logger: { _log: unknown[] }
  }
  const citationJs: CitationJs
  export default citationJs
}

declare module '@citation-js/plugin-bibtex' {}
declare module '@citation-js/plugin-csl' {}

declare module 'citeproc' {
  interface CiteItem {
    id: string
    'author-only'?: boolean
    'suppress-author'?: boolean
  }
  interface Sys {
    retrieveLocale(lang: string): string | undefined
    retrieveItem(id: string): unknown
  }
  export class Engine {
    constructor(sys: Sys, style: string, lang?: string, forceLang?: boolean)
    opt: { development_extensions: { wrap_url_and_doi: boolean } }
    setOutputFormat(format: 'html' | 'text'): void
    makeCitationCluster(items: CiteItem[]): string
    updateItems(ids: string[]): string[]
    /** The entries' HTML, and (in the first element) which item ids each one is, in the same order. */
    makeBibliography(): false | [{ entry_ids: string[][] }, string[]]
  }
  const CSL: { Engine: typeof Engine }
  export default CSL
}
