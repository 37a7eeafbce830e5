import type * as nb from '@jupyterlab/nbformat'
import { z } from 'zod'

/**
 * A Jupyter notebook as nbformat 4 defines it (https://github.com/jupyter/nbformat, `nbformat.v4.schema.json`),
 * checked as loosely as the notebooks people commit are written: every object keeps fields this
 * schema does not name (extensions, editors' metadata), and an output or cell of a kind it does not
 * know is carried, not refused. Strict where the conversion depends on it: text is a string or a
 * list of strings, a cell says its type, a code cell's outputs are a list.
 */

/** nbformat's `multiline_string`: one string, or lines to be joined as they are. */
const MultilineString = z.union([z.string(), z.array(z.string())])

/** `{mime type: content}`: base64 for binary types, text (or JSON) for the rest. */
const MimeBundle = z.record(z.string(), z.unknown())

const Metadata = z.looseObject({}).default({})

const StreamOutput = z.looseObject({
  output_type: z.literal('stream'),
  name: z.string(),
  text: MultilineString,
})
const DisplayOutput = z.looseObject({
  output_type: z.enum(['display_data', 'execute_result', 'update_display_data']),
  data: MimeBundle.default({}),
  metadata: Metadata,
})
const ErrorOutput = z.looseObject({ output_type: z.literal('error') })
/** An output type from a later minor version: kept so the notebook still imports, and left out. */
const OtherOutput = z.looseObject({ output_type: z.string() })

export const NotebookOutputSchema = z.union([StreamOutput, DisplayOutput, ErrorOutput, OtherOutput])

const CellMetadata = z
  .looseObject({
    tags: z.array(z.string()).optional(),
  })
  .default({})

/** `attachments`: `{file name: mime bundle}`, what `attachment:name` in a markdown cell points at. */
const Attachments = z.record(z.string(), MimeBundle)

const MarkdownCell = z.looseObject({
  cell_type: z.literal('markdown'),
  source: MultilineString,
  metadata: CellMetadata,
  attachments: Attachments.optional(),
})
const CodeCell = z.looseObject({
  cell_type: z.literal('code'),
  source: MultilineString,
  metadata: CellMetadata,
  outputs: z.array(NotebookOutputSchema).default([]),
})
const RawCell = z.looseObject({
  cell_type: z.literal('raw'),
  source: MultilineString,
  metadata: CellMetadata,
  attachments: Attachments.optional(),
})

export const NotebookCellSchema = z.discriminatedUnion('cell_type', [MarkdownCell, CodeCell, RawCell])

export const NotebookSchema = z.looseObject({
  nbformat: z.literal(4),
  nbformat_minor: z.number().int().nonnegative(),
  metadata: z
    .looseObject({
      title: z.string().optional(),
      kernelspec: z.looseObject({ name: z.string().optional(), language: z.string().optional() }).optional(),
      language_info: z.looseObject({ name: z.string().optional() }).optional(),
    })
    .default({}),
  cells: z.array(NotebookCellSchema),
})

export type Notebook = z.infer<typeof NotebookSchema>
export type NotebookCell = z.infer<typeof NotebookCellSchema>
export type NotebookOutput = z.infer<typeof NotebookOutputSchema>
export type MultilineText = z.infer<typeof MultilineString>

/**
 * The schema's reading agrees with Jupyter's own types: a change on either side that makes them
 * disagree (a field renamed, a cell type added) fails the type check here, not at a user's import.
 */
type Agrees<A, B extends A> = B
export type CheckedAgainstNbformat = [
  Agrees<nb.MultilineString, MultilineText>,
  Agrees<nb.CellType, NotebookCell['cell_type']>,
  Agrees<nb.OutputType | string, NotebookOutput['output_type']>,
  Agrees<number, Notebook['nbformat']>,
]
