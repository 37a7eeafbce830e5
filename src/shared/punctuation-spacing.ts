/**
 * `text` without the space left before punctuation where pieces were joined ("the model ,
 * where" → "the model, where"; a removed citation's "( )" leaving "well ."). Only punctuation
 * that ends a phrase is closed up, followed by a space, a closing quote or bracket, more
 * punctuation or the end: code that starts with a colon (`@threads :static`) or a number
 * (`x .5`) keeps its space.
 */
export function closeUpPunctuation(text: string): string {
  return text.replace(/\s+([,.;:!?)])(?=[\s"'”’)\],.;:!?]|$)/g, '$1')
}
