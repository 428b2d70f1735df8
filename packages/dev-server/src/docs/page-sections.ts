import { createSlugger } from './heading-slug'
import type { MdxBlock } from './mdx-to-text'
import type { DocsCodeBlock, DocsSection } from './types'

interface SectionDraft {
  level: number
  anchor: string
  heading: string
  headings: string[]
  parts: string[]
  /** `parts` with links, where a part has them (`linked` of a text block). */
  linkedParts: (string | undefined)[]
  codeBlocks: DocsCodeBlock[]
}

/**
 * Splits a page into one section per `#`–`###` heading. The text before the first heading is
 * the page's own section (anchor `''`). A heading with nothing under it before a deeper heading
 * is dropped: its text lives on in the deeper section's heading trail.
 */
export function splitSections(
  path: string,
  title: string,
  description: string | undefined,
  blocks: MdxBlock[],
): DocsSection[] {
  const slug = createSlugger()
  const drafts: SectionDraft[] = []
  const trail: { level: number; text: string }[] = []
  let current: SectionDraft = {
    level: 0,
    anchor: '',
    heading: title,
    headings: [],
    parts: [],
    linkedParts: [],
    codeBlocks: [],
  }
  drafts.push(current)
  for (const block of blocks) {
    if (block.kind === 'heading') {
      while ((trail.at(-1)?.level ?? 0) >= block.level) trail.pop()
      trail.push({ level: block.level, text: block.text })
      current = {
        level: block.level,
        anchor: block.anchor ?? slug(block.text),
        heading: block.text,
        headings: trail.map((entry) => entry.text),
        parts: [],
        linkedParts: [],
        codeBlocks: [],
      }
      drafts.push(current)
    } else if (block.kind === 'text') {
      current.parts.push(block.text)
      current.linkedParts[current.parts.length - 1] = block.linked
    } else {
      current.parts.push(renderCode(block))
      current.codeBlocks.push({
        ...(block.language ? { language: block.language } : {}),
        ...(block.title ? { title: block.title } : {}),
        code: block.code,
      })
    }
  }

  const intro = drafts[0]
  if (intro && intro.parts.length === 0 && description) intro.parts.push(description)

  const sections: DocsSection[] = []
  drafts.forEach((draft, index) => {
    const next = drafts[index + 1]
    const empty = draft.parts.length === 0
    if (empty && (draft.level === 0 || (next && next.level > draft.level))) return
    const linked = draft.linkedParts.some((part) => part !== undefined)
      ? draft.parts.map((part, i) => draft.linkedParts[i] ?? part).join('\n\n')
      : undefined
    sections.push({
      id: draft.anchor ? `${path}#${draft.anchor}` : path,
      anchor: draft.anchor,
      heading: draft.heading,
      headings: draft.headings,
      content: draft.parts.join('\n\n'),
      ...(linked !== undefined ? { linked } : {}),
      codeBlocks: draft.codeBlocks,
    })
  })
  if (sections.length === 0) {
    sections.push({
      id: path,
      anchor: '',
      heading: title,
      headings: [],
      content: '',
      codeBlocks: [],
    })
  }
  return sections
}

/** The whole page as light Markdown, as the page-content endpoint returns it. */
export function renderPage(title: string, description: string | undefined, blocks: MdxBlock[]) {
  const parts = [`# ${title}`]
  if (description) parts.push(description)
  for (const block of blocks) {
    if (block.kind === 'heading')
      parts.push(`${'#'.repeat(Math.max(2, block.level))} ${block.text}`)
    else if (block.kind === 'text') parts.push(block.text)
    else parts.push(renderCode(block))
  }
  return parts.join('\n\n')
}

function renderCode(block: Extract<MdxBlock, { kind: 'code' }>): string {
  const info = [block.language, block.title].filter(Boolean).join(' ')
  const fence = block.code.includes('```') ? '~~~~' : '```'
  return `${fence}${info}\n${block.code}\n${fence}`
}
