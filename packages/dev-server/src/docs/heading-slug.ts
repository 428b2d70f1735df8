// Same rules as github-slugger (what Mintlify's heading anchors follow): lowercase, drop
// punctuation and symbols, spaces become hyphens, repeats get `-1`, `-2`, …
const notSlugChar = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu

export function slugify(text: string): string {
  return text.toLowerCase().replace(notSlugChar, '').replace(/ /g, '-')
}

/** Hands out unique slugs within one page. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>()
  return (text) => {
    const base = slugify(text)
    let slug = base
    let count = seen.get(base) ?? 0
    while (seen.has(slug)) {
      count += 1
      slug = `${base}-${count}`
    }
    seen.set(base, count)
    seen.set(slug, 0)
    return slug
  }
}
