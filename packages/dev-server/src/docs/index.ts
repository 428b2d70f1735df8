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
