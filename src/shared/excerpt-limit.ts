/** Longest excerpt kept on a post (characters): a card's or a meta description's worth. */
export const MAX_EXCERPT_LENGTH = 300
