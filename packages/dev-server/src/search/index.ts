export {
  createDocsIndex,
  fieldBoosts,
  normaliseScore,
  type DocsIndex,
  type DocsIndexOptions,
  type DocsPageContent,
  type DocsSearchFilter,
  type DocsSearchOptions,
  type DocsSearchResult,
} from './docs-index'
export { linkResult, linkResults, pagePathOf, sectionPath, siteLink } from './result-links'
export {
  createSemanticSearch,
  type EmbeddingCache,
  lazySemanticSearch,
  reciprocalRankFusion,
  rrfK,
  type SemanticSearch,
  type SemanticSearchOptions,
} from './semantic-search'
