'use client'

export type { MarkdownBlock, TableAlign } from './blocks'
export { parseMarkdownBlocks } from './blocks'
export type { CopyButtonProps, HighlightedCodeProps, MarkdownCodeBlockProps } from './code-block'
export { CopyButton, DefaultCodeBlock, HighlightedCode } from './code-block'
export type { CodeToken, CodeTokenType } from './highlight-code'
export { highlightCode, resolveCodeLanguage } from './highlight-code'
export type { IncrementalMarkdownParser, IncrementalParserStats } from './incremental-parser'
export { createIncrementalMarkdownParser } from './incremental-parser'
export type { InlineNode } from './inline'
export { parseInline } from './inline'
export type {
  MarkdownComponents,
  MarkdownLabels,
  MarkdownLinkProps,
  MarkdownProps,
} from './markdown'
export { Markdown, useMarkdownBlocks } from './markdown'
export type { SafeHref, SafeHrefOptions } from './safe-url'
export { toSafeHref } from './safe-url'
export type { UseCopyToClipboardOptions } from './use-copy-to-clipboard'
export { copyText, useCopyToClipboard } from './use-copy-to-clipboard'
