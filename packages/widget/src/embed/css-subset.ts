/**
 * The part of a stylesheet that elements carrying only some classes can use: rules whose
 * selectors name other classes go, and so do `--docchat-*` custom properties nothing that is left
 * refers to. The drop-in's build uses it to keep its first file to what the trigger button draws
 * (vite.embed.config.ts); the panel chunk brings the whole stylesheet.
 *
 * Meant for the build's own CSS: no `{`, `}` or `;` inside strings, no nested style rules.
 */
export function cssSubset(
  css: string,
  classes: Iterable<string>,
  /** Selectors known never to match where the subset is used, beyond the class check. */
  unmatched: (selector: string) => boolean = () => false,
): string {
  const allowed = new Set(classes)
  const blocks = keepRules(parseStylesheet(css), allowed, unmatched)
  const used = usedCustomProperties(blocks)
  return serialize(dropCustomProperties(blocks, used))
}

type Block =
  | { kind: 'rule'; selectors: string[]; declarations: string[] }
  | { kind: 'group'; prelude: string; children: Block[] }
  | { kind: 'raw'; text: string }

// At-rules whose body holds rules (others, such as @keyframes or @font-face, stay as written).
const groupingRule = /^@(media|supports|container|layer)\b/

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  // Only leading space goes: `--toggle: ;` keeps the space that makes its value valid everywhere.
  return parts.map((part) => part.trimStart()).filter((part) => part.trim())
}

function parseStylesheet(css: string): Block[] {
  return parseBlocks(css.replace(/\/\*[\s\S]*?\*\//g, ''))
}

function parseBlocks(css: string): Block[] {
  const blocks: Block[] = []
  let i = 0
  while (i < css.length) {
    const open = css.indexOf('{', i)
    const semicolon = css.indexOf(';', i)
    if (open === -1 || (semicolon !== -1 && semicolon < open)) {
      // A statement at-rule (@import, @charset) or trailing text.
      const end = semicolon === -1 ? css.length : semicolon + 1
      const text = css.slice(i, end).trim()
      if (text && text !== ';') blocks.push({ kind: 'raw', text })
      i = end
      continue
    }
    let depth = 1
    let close = open + 1
    for (; close < css.length && depth > 0; close++) {
      if (css[close] === '{') depth++
      else if (css[close] === '}') depth--
    }
    const prelude = css.slice(i, open).trim()
    const body = css.slice(open + 1, close - 1)
    if (groupingRule.test(prelude)) {
      blocks.push({ kind: 'group', prelude, children: parseBlocks(body) })
    } else if (prelude.startsWith('@')) {
      blocks.push({ kind: 'raw', text: css.slice(i, close).trim() })
    } else {
      blocks.push({
        kind: 'rule',
        selectors: splitTopLevel(prelude, ',').map((selector) => selector.trim()),
        declarations: splitTopLevel(body, ';'),
      })
    }
    i = close
  }
  return blocks
}

function keepRules(
  blocks: Block[],
  allowed: Set<string>,
  unmatched: (selector: string) => boolean,
): Block[] {
  const kept: Block[] = []
  for (const block of blocks) {
    if (block.kind === 'group') {
      const children = keepRules(block.children, allowed, unmatched)
      if (children.length) kept.push({ ...block, children })
    } else if (block.kind === 'rule') {
      const selectors = block.selectors.filter(
        (selector) =>
          !unmatched(selector) &&
          [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every(([, name]) => allowed.has(name!)),
      )
      if (selectors.length) kept.push({ ...block, selectors })
    } else kept.push(block)
  }
  return kept
}

const customProperty = /^(--[\w-]+)\s*:/
const references = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, n]) => n!)

function declarationsOf(blocks: Block[]): string[] {
  return blocks.flatMap((block) =>
    block.kind === 'rule'
      ? block.declarations
      : block.kind === 'group'
        ? declarationsOf(block.children)
        : [block.text],
  )
}

function usedCustomProperties(blocks: Block[]): Set<string> {
  const declarations = declarationsOf(blocks)
  const definitions = new Map<string, string[]>()
  const used = new Set<string>()
  for (const declaration of declarations) {
    const name = customProperty.exec(declaration)?.[1]
    if (name) definitions.set(name, [...(definitions.get(name) ?? []), declaration])
    else for (const reference of references(declaration)) used.add(reference)
  }
  // Tokens defined in terms of other tokens: follow them until nothing new turns up.
  const pending = [...used]
  while (pending.length) {
    for (const definition of definitions.get(pending.pop()!) ?? []) {
      for (const reference of references(definition)) {
        if (!used.has(reference)) {
          used.add(reference)
          pending.push(reference)
        }
      }
    }
  }
  return used
}

function dropCustomProperties(blocks: Block[], used: Set<string>): Block[] {
  const kept: Block[] = []
  for (const block of blocks) {
    if (block.kind === 'group') {
      const children = dropCustomProperties(block.children, used)
      if (children.length) kept.push({ ...block, children })
    } else if (block.kind === 'rule') {
      const declarations = block.declarations.filter((declaration) => {
        const name = customProperty.exec(declaration)?.[1]
        return !name?.startsWith('--docchat-') || used.has(name)
      })
      if (declarations.length) kept.push({ ...block, declarations })
    } else kept.push(block)
  }
  return kept
}

function serialize(blocks: Block[]): string {
  return blocks
    .map((block) =>
      block.kind === 'rule'
        ? `${block.selectors.join(',')}{${block.declarations.join(';')}}`
        : block.kind === 'group'
          ? `${block.prelude}{${serialize(block.children)}}`
          : block.text,
    )
    .join('')
}

/**
 * `css` without the declarations `present` already applies under the same selectors (and the
 * same at-rules): what a second stylesheet in the same root still has to add.
 */
export function cssWithout(css: string, present: string): string {
  const applied = new Set<string>()
  const collect = (blocks: Block[], path: string) => {
    for (const block of blocks) {
      if (block.kind === 'group') collect(block.children, `${path}${block.prelude}{`)
      else if (block.kind === 'rule') {
        const at = `${path}${block.selectors.join(',')}{`
        for (const declaration of block.declarations) applied.add(at + declaration)
      } else applied.add(path + block.text)
    }
  }
  collect(parseStylesheet(present), '')
  const keep = (blocks: Block[], path: string): Block[] =>
    blocks.flatMap((block): Block[] => {
      if (block.kind === 'group') {
        const children = keep(block.children, `${path}${block.prelude}{`)
        return children.length ? [{ ...block, children }] : []
      }
      if (block.kind === 'rule') {
        const at = `${path}${block.selectors.join(',')}{`
        const declarations = block.declarations.filter((d) => !applied.has(at + d))
        return declarations.length ? [{ ...block, declarations }] : []
      }
      return applied.has(path + block.text) ? [] : [block]
    })
  return serialize(keep(parseStylesheet(css), ''))
}
