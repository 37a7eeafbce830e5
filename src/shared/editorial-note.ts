/**
 * A note about the essay itself, set above it: "Note: This post has been updated to work with
 * Julia 1.x", "Update (2021): this post now covers version 1.6", "Editor's note: this article
 * first appeared in…". It tells the reader about the post's history, not what the post says, so the
 * excerpt passes over it for the essay's own first paragraph, as a feed generator did for
 * julialang.org's "Put This In Your Pipe". It opens with a note's label and a colon, and speaks
 * of the post (or its being updated, revised, or first published): "Note: the model assumes x
 * is bounded" is the essay talking, and stays.
 */
export function isEditorialNote(text: string): boolean {
  const line = text.trim()
  const label = NOTE_LABEL.exec(line)
  if (!label) return false
  return ABOUT_THE_POST.test(line.slice(label[0].length))
}

const NOTE_LABEL =
  /^(?:editor['’]?s\s+note|note|nb|n\.b\.|update[sd]?|edit(?:ed)?|erratum|errata|correction|disclaimer)(?![\p{L}\p{N}])[^:\n]{0,24}:/iu

const ABOUT_THE_POST =
  /\b(?:this|the|our|my|original)\s+(?:blog\s+)?(?:post|article|essay|page|piece|tutorial|version|write-?up)\b|\b(?:updated|revised|republished|cross-?posted|first\s+(?:published|appeared)|originally\s+(?:published|posted|appeared|written))\b/iu
