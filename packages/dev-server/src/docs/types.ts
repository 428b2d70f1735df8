/** A fenced code block kept verbatim from a page. */
export interface DocsCodeBlock {
  language?: string
  /** The rest of the fence's info string, e.g. the tab label in a `<CodeGroup>`. */
  title?: string
  code: string
}

/** A part of a page under one heading (`##`/`###`, or a changelog `<Update>`). */
export interface DocsSection {
  /** `/path#anchor`, or the page path for the text before the first heading. */
  id: string
  /** Heading slug as the site renders it; `''` for the text before the first heading. */
  anchor: string
  /** This section's heading (the page title for the text before the first heading). */
  heading: string
  /** Heading trail from the outermost heading down to this one. */
  headings: string[]
  /** Plain text with Markdown kept light; code blocks as fenced blocks. */
  content: string
  /**
   * `content` with the docs' links as Markdown links `[text](target)`, line for line (see
   * `MdxBlock`), when the section has any. Answers quote it; search reads `content`.
   */
  linked?: string
  codeBlocks: DocsCodeBlock[]
}

export interface DocsPage {
  /** Site route: `/quickstart`; a folder's `index` page is the folder (`/cli`), the root index is `/`. */
  path: string
  /** The source file inside the docs folder, e.g. `cli/index.mdx`. */
  file: string
  title: string
  sidebarTitle?: string
  description?: string
  /** The whole page as light Markdown (what the page endpoint returns). */
  content: string
  sections: DocsSection[]
  version?: string
  language?: string
  /** Navigation trail: product › dropdown › anchor › tab › group › subgroup. */
  breadcrumbs: string[]
  /** Ranking multiplier (1 = none), from frontmatter or the nearest navigation ancestor. */
  boost: number
  keywords: string[]
  /** Frontmatter as written, for callers that need custom keys. */
  frontmatter: Record<string, unknown>
}

export interface DocsCorpus {
  name: string
  /** The docs' own name (`docs.json` `name`), e.g. "Mintlify". */
  siteName?: string
  /** Where the docs are published, without a trailing slash (`seo.metatags.canonical`, or given). */
  siteUrl?: string
  pages: DocsPage[]
  /** Versions declared in navigation, in order. */
  versions: string[]
  /** Languages declared in navigation (with resolvable content), in order. */
  languages: string[]
  /** What could not be used: dangling `$ref`s, missing pages, bad frontmatter. Never fatal. */
  warnings: string[]
}

/** Docs folder contents keyed by path relative to the folder (`docs.json`, `guides/a.mdx`). */
export type DocsFiles = Map<string, string> | Record<string, string>

export interface ParseDocsOptions {
  /** Corpus name (the domain it is served under); defaults to the config's `name` or `docs`. */
  name?: string
  /** Where the docs are published (`https://example.com/docs`); search results then carry `url`. */
  siteUrl?: string
}
