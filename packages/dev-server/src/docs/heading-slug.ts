// Heading anchors: github-slugger, the slugger Mintlify's heading anchors follow (lowercase, drop
// punctuation and symbols, spaces become hyphens, repeats get `-1`, `-2`, …). The search index's
// section anchors and the demo docs site's heading ids both come from here, so a search result's
// `#anchor` always lands on its heading.
import GithubSlugger, { slug } from 'github-slugger'

export function slugify(text: string): string {
  return slug(text)
}

/** Hands out unique slugs within one page. */
export function createSlugger(): (text: string) => string {
  const slugger = new GithubSlugger()
  return (text) => slugger.slug(text)
}
