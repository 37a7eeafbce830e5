const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Characters XML 1.0 forbids even when escaped (C0 controls other than tab and newlines, lone
 * surrogates, U+FFFE/U+FFFF). An essay pasted from a word processor can carry them, and one
 * would make the whole feed unreadable to a strict parser, so they are dropped.
 */
const XML_INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Text into XML character data or a quoted attribute. Feed content (the post's HTML) goes
 * through here too rather than into CDATA: escaping needs no special case for a `]]>` inside
 * the essay, and every XML and feed parser decodes it to the same HTML string.
 */
export const xmlText = (s: string): string => s.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c])

/** `<name>text</name>`, or nothing for an empty value (feeds prefer a missing element to an empty one). */
export const xmlElement = (name: string, text: string | null | undefined, attrs = ''): string =>
  text ? `<${name}${attrs}>${xmlText(text)}</${name}>` : ''
