/** A DOI's shape: the directory indicator "10.", a registrant code, a slash and a suffix. */
export const DOI_PATTERN = /^10\.\d{4,9}(?:\.\d+)*\/\S+$/

/**
 * `10.1000/xyz`, also when written as a doi.org address or with a `doi:` prefix; undefined
 * for anything that is no DOI.
 */
export function normaliseDoi(d: string | null | undefined): string | undefined {
  const doi = d
    ?.trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
    .trim()
  return doi && /^10\.\S+\/\S+$/.test(doi) ? doi : undefined
}

/** The DOI's resolver address, each part of it percent-encoded as doi.org asks. */
export const doiUrl = (doi: string): string => `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`
