/** d2l's `Vaswani.Shazeer.Parmar.ea.2017` and Google Scholar's `dwork2015preserving`, read as names and a year. */
export function keyAsName(key: string): string {
  const parts = key.split('.')
  const year = parts[parts.length - 1]
  if (parts.length > 1 && /^\d{4}[a-z]?$/.test(year)) {
    const names = parts.slice(0, -1)
    const truncated = names.includes('ea') || names.length > 2
    const people = names.filter((n) => n !== 'ea')
    const who = truncated ? `${people[0]} et al.` : people.join(' and ')
    return `${who} (${year.slice(0, 4)})`
  }
  const m = /^([A-Za-z-]+?)(\d{4})/.exec(key)
  if (m) return `${m[1].charAt(0).toUpperCase()}${m[1].slice(1)} (${m[2]})`
  return key
}
