// `@docchat/dev-server/docs`: the docs loader, frontmatter and heading slugger without the server
// (the demo docs site builds its pages, routes, titles and heading ids from these).
export { splitFrontmatter } from './frontmatter'
export { createSlugger, slugify } from './heading-slug'
export { loadDocs } from './load-docs'
export { parseDocs, routeOf } from './parse-docs'
export { reduceMdx, type MdxBlock, type ReduceMdxOptions } from './mdx-to-text'
export type {
  DocsCodeBlock,
  DocsCorpus,
  DocsFiles,
  DocsPage,
  DocsSection,
  ParseDocsOptions,
} from './types'
