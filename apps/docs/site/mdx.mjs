// A small Markdown + MDX renderer for Mintlify-format pages. It covers what docs pages use
// (headings, paragraphs, lists, tables, fences, block quotes and the built-in components) and
// renders components as plain HTML boxes, so the site needs no runtime and no inline styles.

const componentLine = /^<([A-Z][A-Za-z0-9]*)(?=[\s/>]|$)/
const closingLine = /^<\/([A-Z][A-Za-z0-9]*)>\s*$/
const fenceLine = /^(\s*)(`{3,}|~{3,})(.*)$/
const headingLine = /^(#{1,6})\s+(.*?)\s*#*\s*$/
const listLine = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/
const ruleLine = /^(?:-{3,}|\*{3,}|_{3,})$/
const tableSeparator = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/

/** Splits `---` YAML frontmatter (the flat subset docs pages use) from the body. */
export function splitFrontmatter(source) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source)
  if (!match) return { frontmatter: {}, body: source }
  const frontmatter = {}
  for (const line of match[1].split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line)
    if (pair) frontmatter[pair[1]] = parseScalar(pair[2].trim())
  }
  return { frontmatter, body: source.slice(match[0].length) }
}

function parseScalar(value) {
  if (value === '') return ''
  if (value === 'true' || value === 'false') return value === 'true'
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (value.startsWith('"') || value.startsWith('[') || value.startsWith('{')) {
    try {
      return JSON.parse(value)
    } catch {
      // YAML flow sequences with single quotes: fall through to a lenient split.
    }
  }
  if (value.startsWith('[') && value.endsWith(']')) {
    return value
      .slice(1, -1)
      .split(',')
      .map((item) => item.trim().replace(/^['"]|['"]$/g, ''))
      .filter(Boolean)
  }
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'")
  return value
}

export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

const indentOf = (line) => /^\s*/.exec(line)[0].length

/** Reads a JSX opening tag that may span lines; returns its attributes and what follows it. */
function readTag(lines, start) {
  let text = ''
  let quote = ''
  let depth = 0
  for (let i = start; i < lines.length; i++) {
    const line = i === start ? lines[i].trimStart() : lines[i]
    for (let c = 0; c < line.length; c++) {
      const ch = line[c]
      if (quote) {
        if (ch === quote) quote = ''
      } else if (ch === '"' || ch === "'" || (ch === '`' && depth > 0)) quote = ch
      else if (ch === '{') depth++
      else if (ch === '}') depth--
      else if (ch === '>' && depth === 0) {
        text += line.slice(0, c + 1)
        return { tag: text, rest: line.slice(c + 1), next: i + 1 }
      }
    }
    text += `${line}\n`
  }
  return { tag: text, rest: '', next: lines.length }
}

export function parseAttributes(tag) {
  const attributes = {}
  const body = tag.replace(/^<[A-Za-z0-9]+/, '').replace(/\/?>$/, '')
  const attribute =
    /([A-Za-z_][\w-]*)(?:\s*=\s*("[^"]*"|'[^']*'|\{[\s\S]*?\}(?=\s+[A-Za-z_][\w-]*(?:\s*=|\s|$)|\s*$)))?/g
  for (const match of body.matchAll(attribute)) {
    const [, name, raw] = match
    if (raw === undefined) attributes[name] = true
    else if (raw.startsWith('{')) {
      const inner = raw.slice(1, -1).trim()
      try {
        attributes[name] = JSON.parse(inner)
      } catch {
        attributes[name] = inner.replace(/^['"`]|['"`]$/g, '')
      }
    } else attributes[name] = raw.slice(1, -1)
  }
  return attributes
}

function startsBlock(line) {
  const trimmed = line.trim()
  return (
    fenceLine.test(line) ||
    headingLine.test(trimmed) ||
    componentLine.test(trimmed) ||
    closingLine.test(trimmed) ||
    (trimmed.startsWith('|') && trimmed.endsWith('|')) ||
    trimmed.startsWith('>')
  )
}

/** Parses lines into block nodes until `</closing>` (when given) or the end. */
export function parseBlocks(lines, start = 0, closing = null) {
  const nodes = []
  let i = start
  while (i < lines.length) {
    const raw = lines[i]
    const line = raw.trim()
    if (closing && line === `</${closing}>`) return { nodes, next: i + 1 }
    if (line === '') {
      i++
      continue
    }
    const fence = fenceLine.exec(raw)
    if (fence) {
      const [, indent, marker, info] = fence
      const code = []
      i++
      while (i < lines.length) {
        const candidate = lines[i].trim()
        if (candidate.startsWith(marker[0].repeat(marker.length)) && /^[`~]+$/.test(candidate))
          break
        code.push(lines[i].slice(Math.min(indentOf(lines[i]), indent.length)))
        i++
      }
      i++
      nodes.push({ type: 'code', ...parseInfo(info.trim()), code: code.join('\n') })
      continue
    }
    if (!closing && /^(import|export)\s/.test(line)) {
      while (i < lines.length && lines[i].trim() !== '') i++
      continue
    }
    const component = componentLine.exec(line)
    if (component) {
      const name = component[1]
      const { tag, rest, next } = readTag(lines, i)
      const attributes = parseAttributes(tag.trim())
      if (tag.trim().endsWith('/>')) {
        nodes.push({ type: 'component', name, attributes, children: [] })
        i = next
        continue
      }
      const inlineClose = rest.indexOf(`</${name}>`)
      if (inlineClose !== -1) {
        const text = rest.slice(0, inlineClose).trim()
        const children = text ? [{ type: 'paragraph', text }] : []
        nodes.push({ type: 'component', name, attributes, children })
        i = next
        continue
      }
      const inner = rest.trim() ? [rest, ...lines.slice(next)] : lines.slice(next)
      const parsed = parseBlocks(inner, 0, name)
      nodes.push({ type: 'component', name, attributes, children: parsed.nodes })
      i = next + parsed.next - (rest.trim() ? 1 : 0)
      continue
    }
    if (closingLine.test(line)) {
      // A stray closing tag (mismatched nesting): skip it rather than print it.
      i++
      continue
    }
    const heading = headingLine.exec(line)
    if (heading) {
      nodes.push({ type: 'heading', depth: heading[1].length, text: heading[2] })
      i++
      continue
    }
    if (ruleLine.test(line)) {
      nodes.push({ type: 'rule' })
      i++
      continue
    }
    if (line.startsWith('|') && i + 1 < lines.length && tableSeparator.test(lines[i + 1].trim())) {
      const rows = []
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(lines[i++].trim())
      nodes.push(parseTable(rows))
      continue
    }
    if (line.startsWith('>')) {
      const quoted = []
      while (i < lines.length && lines[i].trim().startsWith('>')) {
        quoted.push(lines[i].trim().replace(/^>\s?/, ''))
        i++
      }
      nodes.push({ type: 'quote', children: parseBlocks(quoted).nodes })
      continue
    }
    if (listLine.test(raw)) {
      const list = parseList(lines, i)
      nodes.push(list.node)
      i = list.next
      continue
    }
    const paragraph = [line]
    i++
    while (i < lines.length && lines[i].trim() !== '' && !startsBlock(lines[i])) {
      if (listLine.test(lines[i]) && !/^\d/.test(lines[i].trim())) break
      paragraph.push(lines[i].trim())
      i++
    }
    nodes.push({ type: 'paragraph', text: paragraph.join('\n') })
  }
  return { nodes, next: i }
}

function parseInfo(info) {
  if (!info) return { language: '', title: '' }
  const [language, ...rest] = info.split(/\s+/)
  let title = rest.join(' ')
  const named = /title="([^"]*)"/.exec(title)
  if (named) title = named[1]
  title = title.replace(/\{[^}]*\}/g, '').trim()
  return { language: language.replace(/[^\w+#.-]/g, ''), title }
}

function splitRow(row) {
  const cells = []
  let cell = ''
  let inCode = false
  const body = row.replace(/^\|/, '').replace(/\|$/, '')
  for (let c = 0; c < body.length; c++) {
    const ch = body[c]
    if (ch === '\\' && body[c + 1] === '|') {
      cell += '|'
      c++
    } else if (ch === '`') {
      inCode = !inCode
      cell += ch
    } else if (ch === '|' && !inCode) {
      cells.push(cell.trim())
      cell = ''
    } else cell += ch
  }
  cells.push(cell.trim())
  return cells
}

function parseTable(rows) {
  const header = splitRow(rows[0])
  const align = splitRow(rows[1]).map((cell) =>
    cell.startsWith(':') && cell.endsWith(':') ? 'center' : cell.endsWith(':') ? 'right' : '',
  )
  return { type: 'table', header, align, rows: rows.slice(2).map(splitRow) }
}

function parseList(lines, start) {
  const first = listLine.exec(lines[start])
  const baseIndent = first[1].length
  const ordered = /\d/.test(first[2])
  const items = []
  let current = null
  let i = start
  while (i < lines.length) {
    const raw = lines[i]
    const marker = listLine.exec(raw)
    if (marker && marker[1].length === baseIndent && /\d/.test(marker[2]) === ordered) {
      current = { lines: [marker[3]], contentIndent: baseIndent + marker[2].length + 1 }
      items.push(current)
      i++
      continue
    }
    if (raw.trim() === '') {
      let j = i + 1
      while (j < lines.length && lines[j].trim() === '') j++
      const following = lines[j]
      const continues =
        following !== undefined &&
        (indentOf(following) > baseIndent ||
          (listLine.test(following) && indentOf(following) === baseIndent))
      if (!continues) break
      current.lines.push('')
      i++
      continue
    }
    if (indentOf(raw) > baseIndent) {
      current.lines.push(raw.slice(Math.min(indentOf(raw), current.contentIndent)))
      i++
      continue
    }
    const previous = lines[i - 1] ?? ''
    if (previous.trim() !== '' && !startsBlock(raw) && !listLine.test(raw)) {
      current.lines.push(raw.trim())
      i++
      continue
    }
    break
  }
  const children = items.map((item) => parseBlocks(item.lines).nodes)
  const loose = items.some((item) => item.lines.slice(0, -1).includes(''))
  return {
    node: {
      type: 'list',
      ordered,
      start: Number.parseInt(first[2], 10) || 1,
      loose,
      items: children,
    },
    next: i,
  }
}

/** Plain text of inline Markdown, for slugs, the table of contents and titles. */
export function inlineText(text) {
  return String(text)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/[`*_]/g, '')
    .trim()
}

// Same rules as the dev server's heading slugs (github-slugger), so search anchors land here.
const notSlugChar = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu

export function slugify(text) {
  return text.toLowerCase().replace(notSlugChar, '').replace(/ /g, '-')
}

export function createSlugger() {
  const seen = new Map()
  return (text) => {
    const base = slugify(text)
    let slug = base
    let count = seen.get(base) ?? 0
    while (seen.has(slug)) {
      count += 1
      slug = `${base}-${count}`
    }
    seen.set(base, count)
    seen.set(slug, 0)
    return slug
  }
}

function safeHref(url) {
  const trimmed = url.trim()
  if (/^(https?:|mailto:|\/|#|\.{1,2}\/)/i.test(trimmed) || !/^[a-z][\w+.-]*:/i.test(trimmed)) {
    return trimmed
  }
  return '#'
}

const allowedInlineTags = /&lt;(\/?)(kbd|br|sup|sub)(\s*\/)?&gt;/g

/** Renders inline Markdown to HTML. `links: false` keeps link text only (inside card links). */
export function renderInline(text, options = {}) {
  const { links = true } = options
  // Code spans first, as placeholders, so link labels may contain code and code stays verbatim.
  const codes = []
  const codeSpan = /(`+)([\s\S]*?[^`])\1(?!`)/g
  const marked = String(text).replace(codeSpan, (_, _ticks, body) => {
    codes.push(`<code>${escapeHtml(body.replace(/^ (.*) $/, '$1'))}</code>`)
    return `\u0001${codes.length - 1}\u0001`
  })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: placeholders for code spans
  return formatText(marked, links).replace(/\u0001(\d+)\u0001/g, (_, index) => codes[Number(index)])
}

function formatText(text, links) {
  const escapes = []
  let html = text.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, (_, ch) => {
    escapes.push(ch)
    return `\u0000${escapes.length - 1}\u0000`
  })
  html = escapeHtml(html).replace(allowedInlineTags, '<$1$2>')
  html = html.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_, alt, src) => {
    return `<img src="${safeHref(src)}" alt="${alt}" loading="lazy">`
  })
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, (_, label, href) => {
    if (!links) return label
    const target = safeHref(href)
    const external = /^https?:/i.test(target)
    return `<a href="${target}"${external ? ' rel="noopener noreferrer"' : ''}>${label}</a>`
  })
  html = html.replace(/\*\*([^*]+?)\*\*/g, '<strong>$1</strong>')
  html = html.replace(/(^|[^\w*])\*([^*\s][^*]*?)\*(?![\w*])/g, '$1<em>$2</em>')
  html = html.replace(/(^|[^\w])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>')
  html = html.replace(/\n/g, ' ')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: placeholders for escaped characters
  return html.replace(/\u0000(\d+)\u0000/g, (_, index) => escapeHtml(escapes[Number(index)]))
}

const callouts = {
  Note: 'Note',
  Info: 'Info',
  Tip: 'Tip',
  Warning: 'Warning',
  Danger: 'Danger',
  Check: 'Check',
}

/** Per-page render state: heading slugs, the table of contents and code block ids. */
export function createRenderContext() {
  return { slug: createSlugger(), headings: [], counts: { code: 0 }, links: true }
}

export function renderBlocks(nodes, context) {
  return nodes.map((node) => renderBlock(node, context)).join('\n')
}

function renderBlock(node, context) {
  switch (node.type) {
    case 'paragraph':
      return `<p>${renderInline(node.text, context)}</p>`
    case 'heading': {
      const depth = Math.min(Math.max(node.depth, 2), 6)
      const text = inlineText(node.text)
      const id = context.slug(text)
      if (depth <= 3) context.headings.push({ depth, text, id })
      return `<h${depth} id="${id}"><a class="heading-link" href="#${id}">${renderInline(node.text, { links: false })}</a></h${depth}>`
    }
    case 'rule':
      return '<hr>'
    case 'code':
      return renderCode(node, context)
    case 'quote':
      return `<blockquote>${renderBlocks(node.children, context)}</blockquote>`
    case 'table':
      return renderTable(node, context)
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul'
      const start = node.ordered && node.start !== 1 ? ` start="${node.start}"` : ''
      const items = node.items.map((children) => {
        const tight = !node.loose && children.length > 0 && children[0].type === 'paragraph'
        const body = tight
          ? [renderInline(children[0].text, context), renderBlocks(children.slice(1), context)]
              .filter(Boolean)
              .join('\n')
          : renderBlocks(children, context)
        return `<li>${body}</li>`
      })
      return `<${tag}${start}>${items.join('\n')}</${tag}>`
    }
    case 'component':
      return renderComponent(node, context)
    default:
      return ''
  }
}

function renderCode(node, context) {
  context.counts.code += 1
  const language = node.language || 'text'
  const title = node.title
    ? `<figcaption class="code-title">${escapeHtml(node.title)}</figcaption>`
    : `<figcaption class="code-title code-language">${escapeHtml(language)}</figcaption>`
  return `<figure class="code-block">${title}<pre id="code-${context.counts.code}" tabindex="0"><code class="language-${escapeHtml(language)}">${escapeHtml(node.code)}</code></pre></figure>`
}

function renderTable(node, context) {
  const cell = (tag, text, index) => {
    const align = node.align[index] ? ` class="align-${node.align[index]}"` : ''
    return `<${tag}${align}>${renderInline(text, context)}</${tag}>`
  }
  const head = `<tr>${node.header.map((text, index) => cell('th', text, index)).join('')}</tr>`
  const rows = node.rows
    .map((row) => `<tr>${row.map((text, index) => cell('td', text, index)).join('')}</tr>`)
    .join('\n')
  return `<div class="table-wrap"><table><thead>${head}</thead><tbody>${rows}</tbody></table></div>`
}

function renderComponent(node, context) {
  const { name, attributes: a, children } = node
  const inner = () => renderBlocks(children, context)
  if (name in callouts) {
    const kind = name.toLowerCase()
    return `<div class="callout callout-${kind}" role="note"><p class="callout-label">${callouts[name]}</p>${inner()}</div>`
  }
  switch (name) {
    case 'Steps':
      return `<ol class="steps">${children
        .filter((child) => child.type === 'component' && child.name === 'Step')
        .map((step) => renderStep(step, context))
        .join('\n')}</ol>`
    case 'Step':
      return `<ol class="steps">${renderStep(node, context)}</ol>`
    case 'CodeGroup':
      return `<div class="code-group">${inner()}</div>`
    case 'Tabs':
      return `<div class="tabs">${inner()}</div>`
    case 'Tab':
      return `<section class="tab"><p class="tab-title">${escapeHtml(a.title ?? '')}</p>${inner()}</section>`
    case 'CardGroup':
    case 'Columns': {
      const cols = Number(a.cols) || 2
      return `<div class="card-group cols-${cols}">${inner()}</div>`
    }
    case 'Card': {
      const title = a.title ? `<span class="card-title">${escapeHtml(a.title)}</span>` : ''
      if (a.href) {
        const body = renderBlocks(children, { ...context, links: false })
        return `<a class="card" href="${escapeHtml(safeHref(a.href))}">${title}<span class="card-body">${body}</span></a>`
      }
      return `<div class="card">${title}<div class="card-body">${inner()}</div></div>`
    }
    case 'ParamField':
    case 'ResponseField':
      return renderField(node, context)
    case 'AccordionGroup':
      return `<div class="accordion-group">${inner()}</div>`
    case 'Accordion':
    case 'Expandable':
      return `<details class="accordion"><summary>${escapeHtml(a.title ?? 'Details')}</summary><div class="accordion-body">${inner()}</div></details>`
    case 'Frame':
      return `<figure class="frame">${inner()}${a.caption ? `<figcaption>${escapeHtml(a.caption)}</figcaption>` : ''}</figure>`
    case 'Update':
      return `<section class="update"><p class="update-label">${escapeHtml(a.label ?? '')}</p>${inner()}</section>`
    default:
      return `<div class="mdx-${escapeHtml(name.toLowerCase())}">${inner()}</div>`
  }
}

function renderStep(step, context) {
  const title = step.attributes.title
    ? `<p class="step-title">${escapeHtml(step.attributes.title)}</p>`
    : ''
  return `<li class="step">${title}<div class="step-body">${renderBlocks(step.children, context)}</div></li>`
}

function renderField(node, context) {
  const a = node.attributes
  const location = ['path', 'body', 'query', 'header', 'name'].find((key) => key in a)
  const fieldName = location ? a[location] : ''
  const parts = [`<code class="field-name">${escapeHtml(fieldName)}</code>`]
  if (a.type) parts.push(`<span class="field-type">${escapeHtml(a.type)}</span>`)
  if (location && location !== 'body' && location !== 'name' && node.name === 'ParamField') {
    parts.push(`<span class="field-location">${location}</span>`)
  }
  if (a.required) parts.push('<span class="field-required">required</span>')
  if (a.deprecated) parts.push('<span class="field-deprecated">deprecated</span>')
  if (a.default !== undefined) {
    parts.push(`<span class="field-default">default: <code>${escapeHtml(a.default)}</code></span>`)
  }
  return `<div class="field"><div class="field-head">${parts.join(' ')}</div><div class="field-body">${renderBlocks(node.children, context)}</div></div>`
}

/** Renders a page body (frontmatter removed) and returns the HTML and its outline. */
export function renderMdx(body) {
  const context = createRenderContext()
  const { nodes } = parseBlocks(body.replace(/\r\n?/g, '\n').split('\n'))
  // JSX comments `{/* … */}` are not content.
  const html = renderBlocks(nodes, context).replace(/<p>\{\/\*[\s\S]*?\*\/\}<\/p>/g, '')
  return { html, headings: context.headings, codeBlocks: context.counts.code }
}
