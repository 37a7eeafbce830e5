import { z } from 'zod'
import { NotebookSchema, type Notebook } from './notebook-schema.js'

export type ParsedNotebook = { ok: true; notebook: Notebook } | { ok: false; error: string }

/** At most this many schema problems are named: the first few say what is wrong with the file. */
const MAX_PROBLEMS = 3

const VersionProbe = z.looseObject({ nbformat: z.unknown().optional(), worksheets: z.unknown().optional() })

/**
 * A notebook file's text read as an nbformat 4 notebook, or why it is not one, in words for the
 * person importing (the import report puts the file's path before it). Never throws.
 */
export function parseNotebook(text: string): ParsedNotebook {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    // JSON.parse says where it stopped ("… in JSON at position 512"): that is what helps fix a broken merge.
    const detail = e instanceof Error ? e.message : String(e)
    return { ok: false, error: `Not a Jupyter notebook: the file is not valid JSON (${detail})` }
  }
  const probe = VersionProbe.safeParse(json)
  if (!probe.success) return { ok: false, error: 'Not a Jupyter notebook: the file holds no notebook object' }
  const version = probe.data.nbformat
  if (probe.data.worksheets !== undefined || (typeof version === 'number' && version < 4))
    return {
      ok: false,
      error: `Jupyter notebook format ${typeof version === 'number' ? version : 3} is not read: open and save it in a current Jupyter (or run \`jupyter nbconvert --to notebook --inplace\`) to upgrade it to format 4`,
    }
  if (typeof version === 'number' && version > 4)
    return { ok: false, error: `Jupyter notebook format ${version} is not read yet: only format 4 is` }
  const parsed = NotebookSchema.safeParse(json)
  if (parsed.success) return { ok: true, notebook: parsed.data }
  return { ok: false, error: `Not a valid Jupyter notebook (format 4): ${describeIssues(parsed.error.issues)}` }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const named = issues.slice(0, MAX_PROBLEMS).map((issue) => `${pathOf(issue.path)}: ${issue.message}`)
  const more = issues.length > MAX_PROBLEMS ? ` (and ${issues.length - MAX_PROBLEMS} more)` : ''
  return named.join('; ') + more
}

/** `cells[3].source`, as a person finds it in the file. */
function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the notebook'
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('')
}
