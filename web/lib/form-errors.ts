/** The shape of a zod schema this module needs: safeParse and the issues it reports. */
interface ParsesForm<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

export type FormCheck<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> }

/**
 * Checks form values with a shared zod schema, so the browser shows exactly the server's
 * texts (SPEC §5). Each field gets its first message; a message for the whole object goes
 * under the first field.
 */
export function checkForm<T, K extends string>(schema: ParsesForm<T>, values: Record<K, string>): FormCheck<T, K> {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const fields = Object.keys(values) as K[]
  const errors: FieldErrors<K> = {}
  for (const issue of result.error.issues) {
    const key = (
      typeof issue.path[0] === 'string' && fields.includes(issue.path[0] as K) ? issue.path[0] : fields[0]
    ) as K
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}
