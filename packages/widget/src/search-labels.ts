import type { DocChatLabels } from './label-types'

/** Search (⌘K): fetched with its chunk. */
export const searchLabels = {
  searchPlaceholder: 'Search the docs',
  searchLabel: 'Search the docs',
  searching: 'Searching…',
  resultsCount: '{count} results',
  noResults: 'No results for “{query}”',
  searchEmpty: 'Type to search the docs.',
  recentSearches: 'Recent searches',
  askAiAbout: 'Ask AI about “{query}”',
  navigateHint: 'to navigate',
  selectHint: 'to select',
  closeHint: 'to close',
} satisfies Partial<DocChatLabels>
