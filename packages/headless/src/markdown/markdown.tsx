'use client'

import { DATA_LIMITS } from '@docchat/core'
import {
  type ComponentPropsWithoutRef,
  type ComponentType,
  createContext,
  createElement,
  forwardRef,
  memo,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { MarkdownBlock, TableAlign } from './blocks'
import { DefaultCodeBlock, type MarkdownCodeBlockProps } from './code-block'
import {
  createIncrementalMarkdownParser,
  type IncrementalMarkdownParser,
} from './incremental-parser'
import { type InlineNode, parseInline } from './inline'
import { type SafeHref, toSafeHref, warnRelativeLinkOnce } from './safe-url'

export interface MarkdownLinkProps {
  href: string
  external: boolean
  title?: string | undefined
  children: ReactNode
}

export interface MarkdownComponents {
  codeBlock?: ComponentType<MarkdownCodeBlockProps>
  link?: ComponentType<MarkdownLinkProps>
}

export interface MarkdownLabels {
  /** Defaults to `'Copy code'`. */
  copy?: string
  /** Defaults to `'Copied'`. */
  copied?: string
  /** Marks a code block the stream ended inside. Defaults to `'Unfinished'`. */
  unfinished?: string
}

export interface MarkdownProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'content'> {
  /** The markdown text; may grow token by token while streaming. */
  content: string
  /** Relative links resolve against it; other origins open in a new tab. */
  docsBaseUrl?: string
  /** Sets `data-state="streaming"` and marks the last block as open. */
  streaming?: boolean
  /** Hide ```suggestions fenced blocks (follow-up questions the UI shows elsewhere). Defaults to `false`. */
  hideSuggestions?: boolean
  /** Added to heading levels so answer headings sit under the page's own. Defaults to `0`. */
  headingOffset?: number
  /**
   * The level the content's top headings render at, e.g. `3` under a panel's `<h2>`. Deeper
   * headings follow one level per distinct markdown level, so none skip (`#`/`##` alone → h3,
   * `##` then `####` → h3, h4). Overrides `headingOffset`.
   */
  baseHeadingLevel?: number
  components?: MarkdownComponents
  labels?: MarkdownLabels
}

interface RenderOptions {
  docsBaseUrl: string | undefined
  /** The rendered level (1–6) for a markdown heading level. */
  headingLevel: (level: number) => number
  hideSuggestions: boolean
  CodeBlock: ComponentType<MarkdownCodeBlockProps>
  Link: ComponentType<MarkdownLinkProps> | undefined
  labels: { copy: string; copied: string; unfinished: string }
}

/**
 * Whether the content still streams. Read only by code blocks, through a context, so the end of a
 * stream re-renders the open block and not every memoised block.
 */
const StreamingContext = createContext(false)

function DefaultLink({ href, external, title, children }: MarkdownLinkProps) {
  return external ? (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={href} title={title}>
      {children}
    </a>
  )
}

function renderLink(
  safe: SafeHref | null,
  title: string | undefined,
  children: ReactNode,
  key: number,
  options: RenderOptions,
): ReactNode {
  if (!safe) {
    return (
      <span key={key} data-inert-link="">
        {children}
      </span>
    )
  }
  const Link = options.Link ?? DefaultLink
  return (
    <Link key={key} href={safe.href} external={safe.external} title={title}>
      {children}
    </Link>
  )
}

function renderInline(nodes: InlineNode[], options: RenderOptions): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.value
      case 'code':
        return <code key={key}>{node.value}</code>
      case 'strong':
        return <strong key={key}>{renderInline(node.children, options)}</strong>
      case 'emphasis':
        return <em key={key}>{renderInline(node.children, options)}</em>
      case 'delete':
        return <del key={key}>{renderInline(node.children, options)}</del>
      case 'break':
        return <br key={key} />
      case 'link':
        if (!options.docsBaseUrl) warnRelativeLinkOnce(node.href)
        return renderLink(
          toSafeHref(node.href, { docsBaseUrl: options.docsBaseUrl }),
          node.title,
          renderInline(node.children, options),
          key,
          options,
        )
      case 'image': {
        // Images render as links: no tracking pixels or remote loads from model output.
        const safe = toSafeHref(node.src, { docsBaseUrl: options.docsBaseUrl })
        const text = node.alt || 'image'
        return renderLink(safe, node.title, text, key, options)
      }
      default:
        node satisfies never
        return null
    }
  })
}

/** A header or body row of a table, each cell aligned as its column's delimiter says. */
function TableRow({
  as: Cell,
  cells,
  align,
  options,
}: {
  as: 'th' | 'td'
  cells: string[]
  align: TableAlign[]
  options: RenderOptions
}) {
  return (
    <tr>
      {cells.map((cell, column) => (
        <Cell key={column} style={align[column] ? { textAlign: align[column]! } : undefined}>
          <Inline text={cell} options={options} />
        </Cell>
      ))}
    </tr>
  )
}

function Inline({ text, options }: { text: string; options: RenderOptions }) {
  return <>{renderInline(parseInline(text), options)}</>
}

function clampLevel(level: number): number {
  return Math.min(6, Math.max(1, Math.round(level)))
}

/** The markdown heading levels (bit `level`) in a block, nested blocks included. */
function headingLevelBits(block: MarkdownBlock): number {
  if (block.type === 'heading') return 1 << block.level
  let bits = 0
  if (block.type === 'blockquote') {
    for (const child of block.children) bits |= headingLevelBits(child)
  } else if (block.type === 'list') {
    for (const item of block.items) for (const child of item) bits |= headingLevelBits(child)
  }
  return bits
}

/** `'1,3'` for heading levels 1 and 3: a string, so it stays equal while text streams. */
function headingLevelsKey(bits: number): string {
  const levels: number[] = []
  for (let level = 1; level <= 6; level++) if (bits & (1 << level)) levels.push(level)
  return levels.join(',')
}

/**
 * The distinct heading levels of the content, as a key. Completed blocks are visited once, when
 * they complete (the parser keeps them in order at the front), so an update costs the same however
 * long the answer has grown.
 */
function useHeadingLevelsKey(
  blocks: MarkdownBlock[],
  parser: IncrementalMarkdownParser,
  enabled: boolean,
): string {
  const seen = useRef({ resets: -1, count: 0, bits: 0 })
  if (!enabled) return ''
  const state = seen.current
  const completed = Math.min(parser.stats.completedBlocks, blocks.length)
  // The parser started over (new text), or fewer blocks are complete than were counted.
  if (state.resets !== parser.stats.resets || completed < state.count) {
    state.resets = parser.stats.resets
    state.count = 0
    state.bits = 0
  }
  for (; state.count < completed; state.count++) {
    state.bits |= headingLevelBits(blocks[state.count]!)
  }
  let bits = state.bits
  for (let index = completed; index < blocks.length; index++) {
    bits |= headingLevelBits(blocks[index]!)
  }
  return headingLevelsKey(bits)
}

function headingLevelMapping(
  offset: number,
  base: number | undefined,
  levelsKey: string,
): (level: number) => number {
  if (base === undefined) return (level) => clampLevel(level + offset)
  const ranks = new Map(levelsKey.split(',').map((level, rank) => [Number(level), rank]))
  return (level) => clampLevel(base + (ranks.get(level) ?? 0))
}

function renderBlocks(blocks: MarkdownBlock[], options: RenderOptions, tight = false): ReactNode[] {
  return blocks.map((block, index) => (
    <BlockView key={index} block={block} index={index} options={options} tight={tight} />
  ))
}

/**
 * Top-level blocks render in memoised groups of this many: a streaming update then re-checks one
 * element per group plus the blocks of the last group, not every block of the answer. Groups are
 * fragments, so the DOM is that of one flat list.
 */
const GROUP_SIZE = 16

interface BlockGroupProps {
  blocks: MarkdownBlock[]
  start: number
  options: RenderOptions
}

const BlockGroup = memo(function BlockGroup({ blocks, start, options }: BlockGroupProps) {
  return (
    <>
      {blocks.map((block, offset) => (
        <BlockView key={offset} block={block} index={start + offset} options={options} />
      ))}
    </>
  )
})

/**
 * Splits `blocks` into groups, reusing the last render's array for a group that holds the same
 * blocks. Completed blocks keep their identity and the parser rebuilds only the blocks after them,
 * so a group whose first and last blocks are unchanged is unchanged.
 */
function useBlockGroups(blocks: MarkdownBlock[]): MarkdownBlock[][] {
  const previous = useRef<MarkdownBlock[][]>([])
  const groups: MarkdownBlock[][] = []
  for (let start = 0; start < blocks.length; start += GROUP_SIZE) {
    const end = Math.min(start + GROUP_SIZE, blocks.length)
    const cached = previous.current[groups.length]
    const same =
      cached !== undefined &&
      cached.length === end - start &&
      cached[0] === blocks[start] &&
      cached[cached.length - 1] === blocks[end - 1]
    groups.push(same ? cached : blocks.slice(start, end))
  }
  previous.current = groups
  return groups
}

interface BlockViewProps {
  block: MarkdownBlock
  index: number
  options: RenderOptions
  tight?: boolean
}

/** Memoised on the block object: completed blocks keep their identity, so they never re-render. */
const BlockView = memo(function BlockView({ block, index, options, tight }: BlockViewProps) {
  switch (block.type) {
    case 'paragraph':
      return tight ? (
        <Inline text={block.text} options={options} />
      ) : (
        <p>
          <Inline text={block.text} options={options} />
        </p>
      )
    case 'heading': {
      const level = options.headingLevel(block.level)
      return createElement(`h${level}`, null, <Inline text={block.text} options={options} />)
    }
    case 'code': {
      if (options.hideSuggestions && block.language.toLowerCase() === 'suggestions') return null
      return <CodeBlockSlot block={block} index={index} options={options} />
    }
    case 'list': {
      const items = block.items.map((children, item) => (
        <li key={item}>{renderBlocks(children, options, block.tight)}</li>
      ))
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      )
    }
    case 'blockquote':
      return <blockquote>{renderBlocks(block.children, options)}</blockquote>
    case 'table':
      return (
        <table>
          <thead>
            <TableRow as="th" cells={block.header} align={block.align} options={options} />
          </thead>
          {block.rows.length > 0 ? (
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <TableRow
                  key={rowIndex}
                  as="td"
                  cells={row}
                  align={block.align}
                  options={options}
                />
              ))}
            </tbody>
          ) : null}
        </table>
      )
    case 'thematic-break':
      return <hr />
    default:
      block satisfies never
      return null
  }
})

function CodeBlockSlot({
  block,
  index,
  options,
}: {
  block: Extract<MarkdownBlock, { type: 'code' }>
  index: number
  options: RenderOptions
}) {
  const streaming = useContext(StreamingContext)
  const CodeBlock = options.CodeBlock
  return (
    <CodeBlock
      language={block.language}
      code={block.code}
      closed={block.closed}
      cut={!block.closed && !streaming}
      index={index}
      labels={options.labels}
    />
  )
}

/**
 * Parses a growing markdown string incrementally: returns the same block objects for completed
 * blocks on every call, so memoised views skip them.
 */
export function useMarkdownBlocks(content: string): MarkdownBlock[] {
  return useParsedMarkdown(content).blocks
}

function useParsedMarkdown(content: string): {
  blocks: MarkdownBlock[]
  parser: IncrementalMarkdownParser
} {
  const [parser] = useState(createIncrementalMarkdownParser)
  // An answer is cut to DATA_LIMITS.answerChars before it is parsed: a cut at a fixed length keeps
  // a streaming answer's text a prefix of the next, as the incremental parser needs.
  const text =
    content.length > DATA_LIMITS.answerChars ? content.slice(0, DATA_LIMITS.answerChars) : content
  const blocks = useMemo(() => parser.parse(text), [parser, text])
  return { blocks, parser }
}

/**
 * Renders markdown to React elements (never HTML strings). Raw HTML stays text; links are limited
 * to http(s), mailto and relative targets; code blocks keep their element while the fence streams.
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown(
  {
    content,
    docsBaseUrl,
    streaming = false,
    hideSuggestions = false,
    headingOffset = 0,
    baseHeadingLevel,
    components,
    labels,
    ...props
  },
  ref,
) {
  const { blocks, parser } = useParsedMarkdown(content)
  // A string key keeps the mapping (and so every memoised block) stable while text streams.
  const levelsKey = useHeadingLevelsKey(blocks, parser, baseHeadingLevel !== undefined)
  const groups = useBlockGroups(blocks)
  const headingLevel = useMemo(
    () => headingLevelMapping(headingOffset, baseHeadingLevel, levelsKey),
    [headingOffset, baseHeadingLevel, levelsKey],
  )
  const copy = labels?.copy ?? 'Copy code'
  const copied = labels?.copied ?? 'Copied'
  const unfinished = labels?.unfinished ?? 'Unfinished'
  const options = useMemo<RenderOptions>(
    () => ({
      docsBaseUrl,
      headingLevel,
      hideSuggestions,
      CodeBlock: components?.codeBlock ?? DefaultCodeBlock,
      Link: components?.link,
      labels: { copy, copied, unfinished },
    }),
    [
      docsBaseUrl,
      headingLevel,
      hideSuggestions,
      components?.codeBlock,
      components?.link,
      copy,
      copied,
      unfinished,
    ],
  )
  return (
    <div
      ref={ref}
      data-docchat-markdown=""
      data-state={streaming ? 'streaming' : 'complete'}
      {...props}
    >
      <StreamingContext.Provider value={streaming}>
        {groups.map((group, index) => (
          <BlockGroup key={index} blocks={group} start={index * GROUP_SIZE} options={options} />
        ))}
      </StreamingContext.Provider>
    </div>
  )
})
