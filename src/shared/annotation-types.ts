/**
 * SPEC §3: the five annotation types, in the order the legend shows them. Kept apart from the
 * zod schema (which is built from this list) so the browser can name them without loading zod.
 */
export const ANNOTATION_TYPE_VALUES = ['definition', 'example', 'context', 'elaboration', 'connection'] as const
