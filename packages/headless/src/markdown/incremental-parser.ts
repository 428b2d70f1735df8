import { type MarkdownBlock, scanBlocks } from './blocks'

export interface IncrementalParserStats {
  /** How many times `parse` was called with new text. */
  parses: number
  /** Block objects built by the scanner (completed blocks are built once, then reused). */
  blocksBuilt: number
  /** Characters handed to the scanner; grows with the open block, not with the message. */
  charactersScanned: number
  /**
   * Characters compared with the previous text to confirm an append: the text after the completed
   * blocks plus a few leading ones, never the whole message.
   */
  charactersCompared: number
  /** Full re-parses because the new text did not extend the previous one. */
  resets: number
  /** Blocks known to be complete (cached, never scanned again). */
  completedBlocks: number
}

export interface IncrementalMarkdownParser {
  /** Blocks for `markdown`; every block but the last keeps its identity across appends. */
  parse(markdown: string): MarkdownBlock[]
  readonly stats: IncrementalParserStats
}

/** Leading characters compared besides the open blocks (see `extendsPrevious`). */
const HEAD_CHECK = 64

function lines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}

/**
 * Parses a growing message: completed blocks are cached and never scanned again; only the text from
 * the start of the last completed-line block onwards is re-scanned on each append.
 */
export function createIncrementalMarkdownParser(): IncrementalMarkdownParser {
  let previousText = ''
  let previousResult: MarkdownBlock[] = []
  let committed: MarkdownBlock[] = []
  let committedEnd = 0
  const stats: IncrementalParserStats = {
    parses: 0,
    blocksBuilt: 0,
    charactersScanned: 0,
    charactersCompared: 0,
    resets: 0,
    completedBlocks: 0,
  }

  /**
   * Whether `markdown` continues the previous text. Only the part after the completed blocks is
   * compared (and the first characters, which catch a whole new message): comparing the whole text
   * on every update made streaming quadratic in the answer's length, and the completed blocks are
   * never scanned again anyway.
   */
  function extendsPrevious(markdown: string): boolean {
    if (markdown.length < previousText.length) return false
    const head = Math.min(committedEnd, HEAD_CHECK)
    stats.charactersCompared += previousText.length - committedEnd + head
    return (
      markdown.startsWith(previousText.slice(committedEnd), committedEnd) &&
      (head === 0 || markdown.startsWith(previousText.slice(0, head)))
    )
  }

  function scan(text: string) {
    stats.charactersScanned += text.length
    const result = scanBlocks(lines(text))
    stats.blocksBuilt += result.length
    return result
  }

  return {
    stats,
    parse(markdown) {
      if (markdown === previousText && stats.parses > 0) return previousResult
      stats.parses++
      if (!extendsPrevious(markdown)) {
        stats.resets++
        committed = []
        committedEnd = 0
      }
      previousText = markdown

      // Only lines that already end in a newline can decide where a block ends; the partial last
      // line may still turn into anything (`#` → `#hashtag`).
      const tail = markdown.slice(committedEnd)
      const stableLength = tail.lastIndexOf('\n') + 1
      if (stableLength > 0) {
        const stableText = tail.slice(0, stableLength)
        const stable = scan(stableText)
        if (stable.length > 1) {
          const offsets = lineOffsets(stableText)
          for (const scanned of stable.slice(0, -1)) committed.push(scanned.block)
          committedEnd += offsets[stable[stable.length - 1]!.line]!
        }
      }
      stats.completedBlocks = committed.length
      const open = scan(markdown.slice(committedEnd)).map((scanned) => scanned.block)
      previousResult = open.length > 0 ? committed.concat(open) : committed.slice()
      return previousResult
    },
  }
}

function lineOffsets(text: string): number[] {
  const offsets = [0]
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\n') offsets.push(index + 1)
  }
  return offsets
}
