/**
 * The element id of a key's entry in the references list (`ref-KEY`), shared by the inline marks
 * (`href="#ref-KEY"`), the list items and the web UI's citation cards. Keys are kept readable
 * (d2l's `Vaswani.Shazeer.Parmar.ea.2017`, `doe:2020`); any other character becomes `~HEX~`, so
 * two keys never share an id and the id needs no escaping in a URL fragment.
 */
export function referenceId(key: string): string {
  let out = 'ref-'
  for (const ch of key) out += /[A-Za-z0-9._:-]/.test(ch) ? ch : `~${ch.codePointAt(0)!.toString(16)}~`
  return out
}
