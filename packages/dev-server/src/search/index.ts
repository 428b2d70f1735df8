export {
  createDocsIndex,
  type DocsIndex,
  type DocsIndexOptions,
  type DocsPageContent,
  type DocsSearchFilter,
  type DocsSearchOptions,
  type DocsSearchResult,
} from './docs-index'
export { linkResults } from './result-links'
export {
  createSemanticSearch,
  type EmbeddingCache,
  reciprocalRankFusion,
  type SemanticSearch,
  type SemanticSearchOptions,
} from './semantic-search'
