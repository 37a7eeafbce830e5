/** Names the local provider's algorithms, so a stored result says how it was made. */
export const LOCAL_TEXT_MODEL = 'scholia-local-1'
