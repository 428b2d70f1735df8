export {
  createDocsIndex,
  fieldBoosts,
  normaliseScore,
  type DocsIndex,
  type DocsPageContent,
  type DocsSearchFilter,
  type DocsSearchOptions,
  type DocsSearchResult,
} from './docs-index'
export { linkResult, linkResults, pagePathOf, sectionPath, siteLink } from './result-links'
