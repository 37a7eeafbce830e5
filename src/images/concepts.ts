/** Words too common to say what an essay is about. */
const STOP = new Set(
  `about above after again against also although among another because been before being below between both cannot could does doing down during each either else even every few from further have having here however into itself just last least less many might more most much must neither never none nothing only other ought over own perhaps quite rather really same shall should since some such than that their theirs them themselves then there therefore these they thing things this those though through thus together too toward towards under until upon very was were what whatever when where whether which while whom whose why will with within without would yet your yours first second third also example examples essay chapter section figure table note notes means mean make makes made take takes used using uses use well like given give gives new one two three way ways part parts case cases kind sort fact point question answer called simply clearly often always another whole form forms`.split(
    /\s+/,
  ),
)

/**
 * Key terms of an essay for its artwork and prompts: the tags, then phrases and words it
 * repeats (two-word phrases first: "prior distribution" says more than "prior"). Plain
 * counting within the essay, deterministic and offline.
 */
export function conceptsOf(input: { tags: string[]; plainText: string }, limit = 8): string[] {
  const words = input.plainText.toLowerCase().match(/\p{L}[\p{L}'’-]*\p{L}/gu) ?? []
  const counts = new Map<string, number>()
  const pairs = new Map<string, number>()
  for (let i = 0; i < words.length; i++) {
    const w = words[i]
    if (w.length < 4 || STOP.has(w)) continue
    counts.set(w, (counts.get(w) ?? 0) + 1)
    const next = words[i + 1]
    if (next && next.length >= 4 && !STOP.has(next)) {
      const pair = `${w} ${next}`
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1)
    }
  }
  const ranked = (m: Map<string, number>, min: number) =>
    [...m]
      .filter(([, c]) => c >= min)
      .sort((a, b) => b[1] * Math.log(b[0].length) - a[1] * Math.log(a[0].length) || (a[0] < b[0] ? -1 : 1))
      .map(([w]) => w)
  const out: string[] = []
  const seen = new Set<string>()
  const add = (term: string) => {
    const key = term.toLowerCase().trim()
    if (!key || seen.has(key) || out.length >= limit) return
    // A word already inside a chosen phrase adds nothing.
    if ([...seen].some((s) => s.split(' ').includes(key))) return
    seen.add(key)
    out.push(term.trim())
  }
  for (const tag of input.tags) add(tag)
  for (const pair of ranked(pairs, 3).slice(0, 3)) add(pair)
  for (const word of ranked(counts, 2)) add(word)
  return out
}
