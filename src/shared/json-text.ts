/**
 * The value of a field that holds JSON as text (SPEC §3: annotations, bibliography, model,
 * footer lists), or undefined when there is none or it is not JSON. Readers of such fields
 * treat undefined as "show nothing" rather than an error.
 */
export function readJsonText(text: string | null | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
