import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from '../../text/essay-doc.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'

/**
 * Front-matter fields in which authors state what an essay is about, most deliberate first
 * (`excerpt` is Jekyll's own field for the text that stands for a post in lists).
 */
const FIELDS = ['tldr', 'tl;dr', 'abstract', 'summary', 'description', 'excerpt', 'subtitle']

/**
 * How authors state their own purpose or result: "In this post we …", "This chapter shows …",
 * "The main takeaway from this post is …", "TL;DR: …", "We show that …". The essay's own words
 * for its point come before any ranking of its sentences (issue 39).
 */
const PURPOSE = [
  /^(?:tl;?\s?dr|in short|in a nutshell|bottom line)\b/i,
  /\b(?:the\s+)?(?:main|key|central|big|important)\s+(?:takeaway|take-away|message|point|idea|result|lesson|contribution)s?\s+(?:of|from|here|is|in)\b/i,
  /^(?:in|with)\s+this\s+(?:post|blog\s+post|article|essay|chapter|section|tutorial|note|paper|piece|work)\b[^.]{0,20}?\b(?:we|i)\b/i,
  /^this\s+(?:post|blog\s+post|article|essay|chapter|tutorial|note|paper|piece)\s+(?:is(?!\s+(?:also\s+)?(?:available|cross-?posted|originally|part|based|written|published|hosted|adapted|reproduced)\b)|will|shows?|explains?|describes?|introduces?|presents?|discusses?|covers?|demonstrates?|argues?|gives?|walks?|looks?|explores?)\b/i,
  /^(?:here|today),?\s+(?:we|i)\s+(?:show|explain|describe|introduce|present|discuss|demonstrate|argue|look|explore|announce|give|walk)\b/i,
  /^(?:we|i)\s+(?:show|prove|demonstrate|argue|find|propose)\s+that\b/i,
  /^the\s+(?:goal|aim|purpose|point|focus)\s+of\s+this\s+(?:post|article|essay|chapter|section|tutorial|note|paper)\b/i,
]

/** Sentences of the opening part of the essay (its first quarter, at least its first 12 sentences). */
const OPENING = 0.25

export function purposeStatement(input: EssayInput, doc: EssayDoc): string | null {
  for (const key of FIELDS) {
    const v = input.frontmatter[key]
    // ("This post explores the <i>Data Processing Inequality</i>": the markup of a field is not its words.)
    const text =
      typeof v === 'string'
        ? unwrap(
            v
              .replace(/<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/gi, '')
              .replace(/\s+/g, ' ')
              .trim(),
          )
        : ''
    // A statement, not a label: some words, ending like a sentence once a full stop is added.
    if (text.split(' ').length >= 6 && !isTitle(text) && !hasTexInProse(text) && !/^https?:/.test(text))
      return sentenceCase(text)
  }
  const opening = Math.max(12, Math.ceil(doc.sentences.length * OPENING))
  const candidates = doc.sentences.filter(
    (s, i) => (i < opening || i >= doc.sentences.length - opening) && usable(s) && PURPOSE.some((p) => p.test(s.text)),
  )
  const first = candidates[0]
  if (!first) return null
  // An author often states the purpose twice in the opening: what the post means by its subject
  // ("In this blog post, when we say X, we mean …"), then what it does ("In this work, we explain
  // why …"). A second statement close after the first (within the next paragraph) is part of it.
  const second = candidates.find(
    (s) => s !== first && s.index > first.index && s.paragraph <= first.paragraph + 1 && s.index <= first.index + 4,
  )
  return [first, second]
    .filter((s): s is Sentence => s !== undefined)
    .map((s) => `${s.text}${runsOn(doc, s)}`)
    .join(' ')
}

/** When the statement runs on ("…: we …", "It …"), the sentence that completes it. */
function runsOn(doc: EssayDoc, s: Sentence): string {
  const next = doc.sentences[s.index + 1]
  return next &&
    next.paragraph === s.paragraph &&
    usable(next) &&
    /^(?:it|this|that|we|in particular|specifically|concretely|to\s+this\s+end|to\s+(?:accomplish|achieve|do)\s+(?:this|so))\b/i.test(
      next.text,
    )
    ? ` ${next.text}`
    : ''
}

function usable(s: Sentence): boolean {
  return (
    (s.block === 'paragraph' || s.block === 'item' || s.block === 'quote') &&
    s.text.split(/\s+/).length >= 6 &&
    s.text.length <= 400 &&
    !hasTexInProse(s.text) &&
    !/https?:\/\//.test(s.text)
  )
}

/** What templates and habits wrap a statement in: "[…]", quotes, a leading "…". */
function unwrap(text: string): string {
  const inner = /^\[([^[\]]+)\]$/.exec(text)?.[1] ?? /^["“']([^"“”']+)["”']$/.exec(text)?.[1] ?? text
  return inner.replace(/^(?:\.{3}|…)\s*/, '').trim()
}

/** Words a title leaves in lower case ("the Sources of a Deep Learning Puzzle"). */
const MINOR = new Set('a an the and or but nor of in on at to for by with from as vs via into over'.split(' '))

/**
 * A subtitle, not a statement: every word but the minor ones capitalised and no full stop
 * inside ("Identifying, Interpreting & Ablating the Sources of a Deep Learning Puzzle").
 */
function isTitle(text: string): boolean {
  if (/[.!?]\s/.test(text.replace(/[.!?]+$/, ''))) return false
  const words = text.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? []
  const major = words.filter((w) => !MINOR.has(w.toLowerCase()))
  return major.length >= 3 && major.every((w) => /^\p{Lu}/u.test(w))
}

const sentenceCase = (t: string) => {
  const s = t.charAt(0).toUpperCase() + t.slice(1)
  return /[.!?…]["'”’)]*$/u.test(s) ? s : `${s}.`
}
