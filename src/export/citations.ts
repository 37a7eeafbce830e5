/** A key as `\cite` and `\bibitem` both write it: the characters BibTeX keys hold, nothing TeX reads as syntax. */
export function latexCiteKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_.:/+-]/g, '')
}
