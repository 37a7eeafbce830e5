/**
 * The line beside the Post Comment button, shared by the form and its placeholder so both
 * wrap alike (the placeholder keeps the form's height).
 */
export const commentNote = (admin: boolean): string =>
  admin ? 'As an admin, your comment is published at once.' : 'Comments appear once the author has approved them.'
