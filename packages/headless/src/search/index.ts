'use client'

export type {
  SearchBreadcrumbsProps as BreadcrumbsProps,
  SearchEmptyProps as EmptyProps,
  SearchGroupLabelProps as GroupLabelProps,
  SearchGroupProps as GroupProps,
  SearchInputProps as InputProps,
  SearchItemProps as ItemProps,
  SearchKeyboardHintProps as KeyboardHintProps,
  SearchLabelProps as LabelProps,
  SearchListProps as ListProps,
  SearchRootProps as RootProps,
  SearchSelectEvent as SelectEvent,
  SearchStatusProps as StatusProps,
} from './search'
export {
  Breadcrumbs,
  Empty,
  Group,
  GroupLabel,
  Input,
  Item,
  KeyboardHint,
  Label,
  List,
  Root,
  Status,
} from './search'
export type { HighlightProps, HighlightRange } from './highlight'
export { Highlight, findHighlightRanges, highlightTerms } from './highlight'
export type { SnippetOptions, SnippetPart } from './snippet'
export { cleanSnippetParts, snippetParts, snippetText } from './snippet'
