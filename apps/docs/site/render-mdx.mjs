// Renders one docs page's MDX body to static HTML: @mdx-js/mdx with remark-gfm, the components of
// components.mjs, react-dom/server. Heading ids come from the dev server's slugger, in the order
// the dev server numbers them, so every search result's `#anchor` lands on its heading.
//
// MDX is code. The site only renders the repository's own docs, and still nothing a page says
// runs at build time: no import/export, and every `{expression}` (text or attribute) must be a
// literal (a string, number, boolean, or an array/object of those) or a comment. Raw HTML is
// limited to an allow-list of tags, with no event handlers or inline styles, and every link and
// image goes through @docchat/core's URL policy. Anything else fails the build, naming the page.
import { toSafeUrl } from '@docchat/core'
import { createSlugger } from '@docchat/dev-server/docs'
import { evaluateSync } from '@mdx-js/mdx'
import { createElement } from 'react'
import * as runtime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import remarkGfm from 'remark-gfm'
import { components, Unknown } from './components.mjs'

/**
 * A page body larger than this is refused before it is parsed. The largest page is ~16 kB; the
 * limit also bounds the few inputs micromark parses in superlinear time (long runs of `](`).
 */
export const maxPageBytes = 64 * 1024
/**
 * Deeper nesting (block quotes, JSX elements) is refused before it is parsed: the MDX parser
 * slows down sharply with depth and overflows the stack at about a thousand levels.
 */
export const maxNesting = 64

/** Lowercase (HTML) JSX tags a page may use. Others are dropped, content and all, with a warning. */
const allowedTags = new Set(
  (
    'a abbr b blockquote br caption cite code dd del details dfn div dl dt em figcaption figure ' +
    'h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub summary ' +
    'sup table tbody td tfoot th thead tr u ul var wbr'
  ).split(' '),
)
/** Attributes that carry a URL: checked by the URL policy, dropped when it refuses them. */
const urlAttributes = new Set(['href', 'src', 'cite', 'poster', 'action', 'formAction'])
/** Attributes never passed on: script and style hooks. */
const forbiddenAttribute = /^(on|dangerouslysetinnerhtml$|style$|srcdoc$|srcset$|formaction$)/i

const isHeading = (name) => typeof name === 'string' && /^h[1-6]$/.test(name)
const isJsx = (node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
const isExpression = (node) =>
  node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression'

/** Literal JSON-like values only: nothing that could call, read or assign. */
function isLiteral(node, depth = 0) {
  if (!node || depth > 16) return false
  switch (node.type) {
    case 'Literal':
      return !node.regex && typeof node.value !== 'bigint'
    case 'TemplateLiteral':
      return node.expressions.length === 0
    case 'UnaryExpression':
      return (
        (node.operator === '-' || node.operator === '+') &&
        node.argument.type === 'Literal' &&
        typeof node.argument.value === 'number'
      )
    case 'ArrayExpression':
      return node.elements.every((element) => element && isLiteral(element, depth + 1))
    case 'ObjectExpression':
      return node.properties.every(
        (property) =>
          property.type === 'Property' &&
          property.kind === 'init' &&
          !property.computed &&
          !property.method &&
          !property.shorthand &&
          (property.key.type === 'Identifier' || property.key.type === 'Literal') &&
          (property.key.name ?? String(property.key.value)) !== '__proto__' &&
          isLiteral(property.value, depth + 1),
      )
    default:
      return false
  }
}

/** `{/* comment *\/}` (no statements) or one literal expression. */
function isInert(program) {
  const body = program?.body
  if (!Array.isArray(body)) return false
  if (body.length === 0) return true
  return (
    body.length === 1 && body[0].type === 'ExpressionStatement' && isLiteral(body[0].expression)
  )
}

/** The value of a literal attribute expression (`cols={2}` → 2), for the URL check. */
function literalValue(attribute) {
  const value = attribute.value
  if (value === null || value === undefined || typeof value === 'string') return value
  const expression = value.data?.estree?.body?.[0]?.expression
  if (expression?.type === 'Literal') return expression.value
  if (expression?.type === 'TemplateLiteral') return expression.quasis[0]?.value.cooked
  return undefined
}

const isLetter = (char) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z')

/**
 * The deepest nesting of block quotes (`> > >`) and of JSX elements in a page, outside fenced
 * and inline code. One pass over the text; a tag's attributes may span lines and hold quoted `>`.
 */
export function nestingDepth(source) {
  let deepest = 0
  let elements = 0
  // The open fence's character and length (0: not in a fenced block).
  let fenceChar = ''
  let fenceLength = 0
  let inTag = false
  let quote = ''
  let lineStart = true
  let code = false
  for (let i = 0; i < source.length; i++) {
    if (lineStart && !inTag) {
      lineStart = false
      code = false
      // Block quote markers and indentation at the start of the line.
      let depth = 0
      while (i < source.length && (source[i] === '>' || source[i] === ' ' || source[i] === '\t')) {
        if (source[i] === '>') depth++
        i++
      }
      if (!fenceLength && depth > deepest) deepest = depth
      // A fence line opens or closes a code block: skip the rest of it.
      const char = source[i]
      let run = 0
      while ((char === '`' || char === '~') && source[i + run] === char) run++
      if (run >= 3) {
        if (!fenceLength) {
          fenceChar = char
          fenceLength = run
        } else if (char === fenceChar && run >= fenceLength) fenceLength = 0
        while (i < source.length && source[i] !== '\n') i++
        lineStart = true
        continue
      }
    }
    const char = source[i]
    if (char === '\n') {
      lineStart = true
      continue
    }
    if (fenceLength) continue
    if (inTag) {
      if (quote) {
        if (char === quote) quote = ''
      } else if (char === '"' || char === "'") quote = char
      else if (char === '>') {
        inTag = false
        if (source[i - 1] !== '/') {
          elements++
          if (elements > deepest) deepest = elements
        }
      }
      continue
    }
    if (char === '`') code = !code
    if (code || char !== '<') continue
    if (source[i + 1] === '/') elements = Math.max(0, elements - 1)
    else if (isLetter(source[i + 1] ?? '')) inTag = true
  }
  return deepest
}

/** Characters of a fence's meta read for its title (a longer one is cut before any regex). */
const MAX_META_CHARS = 1_000

/**
 * Mintlify's info string: "```ts title="a.ts" {1-3}" or "```bash Install". Other `key="value"`
 * attributes (the snippet marker `file="…"`, `icon="…"`) are not part of the title, as in the dev
 * server's reading of the same pages.
 */
function codeInfo(lang, meta) {
  const language = (lang ?? '').replace(/[^\w+#.-]/g, '')
  let title = (meta ?? '').slice(0, MAX_META_CHARS)
  const named = /title="([^"]*)"/.exec(title)
  if (named) title = named[1]
  else title = title.replace(/\b[\w-]+=(?:"[^"]*"|'[^']*')/g, '')
  title = title
    .replace(/\{[^}]*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return { language, title }
}

const attribute = (name, value) => ({ type: 'mdxJsxAttribute', name, value })

/** Fenced code → <CodeBlock id="code-N"> in document order (ids are stable per page). */
function remarkCodeBlocks({ state }) {
  return (tree) => {
    let count = 0
    const visit = (node) => {
      if (!Array.isArray(node.children)) return
      node.children = node.children.map((child) => {
        if (child.type !== 'code') {
          visit(child)
          return child
        }
        count += 1
        const { language, title } = codeInfo(child.lang, child.meta)
        return {
          type: 'mdxJsxFlowElement',
          name: 'CodeBlock',
          attributes: [
            attribute('id', `code-${count}`),
            attribute('language', language),
            attribute('title', title),
            attribute('code', child.value),
          ],
          children: [],
          position: child.position,
        }
      })
    }
    visit(tree)
    state.codeBlocks = count
  }
}

/** Text of a hast subtree, as a reader sees it (what the heading slug is made from). */
function textOf(node) {
  if (node.type === 'text') return node.value
  if (!Array.isArray(node.children)) return ''
  return node.children.map(textOf).join('')
}

const getAttribute = (node, name) => node.attributes?.find((a) => a.name === name)

/** Replaces each link inside `node` with its children (a link can't hold a link). */
function unwrapLinks(node) {
  if (!Array.isArray(node.children)) return
  node.children = node.children.flatMap((child) => {
    const link =
      (child.type === 'element' && child.tagName === 'a') || (isJsx(child) && child.name === 'a')
    unwrapLinks(child)
    return link ? child.children : [child]
  })
}

/**
 * The site's rules over the page's HAST: the guard (expressions, tags, attributes, URLs), heading
 * ids and links, tables, linked cards, and which component names the page uses.
 */
function rehypeSite({ page, warn, state }) {
  return (tree, file) => {
    const fail = (message, node) => file.fail(message, node)
    const headings = []
    const minor = []

    const checkAttributes = (node) => {
      node.attributes = node.attributes.filter((attr) => {
        if (attr.type === 'mdxJsxExpressionAttribute')
          fail('spread attributes are not allowed', node)
        if (attr.value && typeof attr.value === 'object' && !isInert(attr.value.data?.estree)) {
          fail(`attribute ${attr.name} of <${node.name}> must be a literal`, node)
        }
        if (forbiddenAttribute.test(attr.name)) {
          warn(`${page}: dropped the ${attr.name} attribute of <${node.name}>`)
          return false
        }
        if (attr.name === 'class') attr.name = 'className'
        if (urlAttributes.has(attr.name)) {
          const value = literalValue(attr)
          const safe = typeof value === 'string' ? toSafeUrl(value) : null
          if (!safe) {
            warn(`${page}: dropped ${attr.name}="${String(value).slice(0, 80)}" on <${node.name}>`)
            return false
          }
          attr.value = safe.href
        }
        return true
      })
    }

    const visit = (node) => {
      if (!Array.isArray(node.children)) return
      node.children = node.children.flatMap((child) => {
        if (child.type === 'mdxjsEsm') fail('import and export are not allowed', child)
        if (isExpression(child)) {
          if (!isInert(child.data?.estree)) fail('expressions must be literals', child)
          return [child]
        }
        if (isJsx(child)) {
          const name = child.name
          if (name === null) {
            // A fragment: <>…</>
          } else if (!/^[A-Za-z][\w-]*$/.test(name)) {
            fail(`<${name}> is not a component or tag the site renders`, child)
          } else if (/^[a-z]/.test(name)) {
            if (!allowedTags.has(name)) {
              warn(`${page}: dropped <${name}> (not a tag pages may use)`)
              return []
            }
          } else if (!Object.hasOwn(components, name) && !state.unknown.has(name)) {
            state.unknown.add(name)
            warn(`${page}: unknown component <${name}>: rendering its children`)
          }
          checkAttributes(child)
          // Lazy, which also keeps React from hoisting a <link rel=preload> for it.
          if (name === 'img' && !getAttribute(child, 'loading')) {
            child.attributes.push(attribute('loading', 'lazy'))
          }
          if (name === 'Card' && getAttribute(child, 'href')) unwrapLinks(child)
          if (
            name === 'Update' &&
            typeof literalValue(getAttribute(child, 'label') ?? {}) === 'string'
          ) {
            headings.push({ node: child, depth: 2, update: true })
          }
          if (isHeading(name)) minor.push({ node: child, jsx: true })
        }
        if (child.type === 'element') {
          const { tagName, properties } = child
          for (const key of ['href', 'src']) {
            if (properties[key] === undefined) continue
            const safe = toSafeUrl(String(properties[key]))
            if (safe) {
              properties[key] = safe.href
              if (key === 'href' && safe.external) properties.rel = 'noopener noreferrer'
              continue
            }
            warn(`${page}: dropped the unsafe ${key} "${String(properties[key]).slice(0, 80)}"`)
            if (tagName === 'a') {
              visit(child)
              return child.children
            }
            if (tagName === 'img') return []
            delete properties[key]
          }
          if (tagName === 'img') properties.loading = 'lazy'
          if (isHeading(tagName) && properties.id === undefined) {
            // The dev server splits pages at #–### headings and numbers their slugs in order.
            const depth = Number(tagName[1])
            if (depth <= 3) headings.push({ node: child, depth })
            else minor.push({ node: child })
          }
          if (tagName === 'th' || tagName === 'td') {
            if (properties.align) properties.className = [`align-${properties.align}`]
            delete properties.align
          }
          if (tagName === 'table') {
            visit(child)
            return [
              {
                type: 'element',
                tagName: 'div',
                properties: { className: ['table-wrap'] },
                children: [child],
              },
            ]
          }
        }
        visit(child)
        return [child]
      })
    }
    visit(tree)

    // Ids: first the headings the dev server indexes, in its order, then the minor ones from
    // the same slugger, so they stay unique without shifting the indexed anchors.
    const slug = createSlugger()
    const outline = []
    for (const heading of headings) {
      if (heading.update) {
        const label = literalValue(getAttribute(heading.node, 'label'))
        const id = slug(label)
        heading.node.attributes.push(attribute('anchor', id))
        outline.push({ depth: 2, text: label, id })
        continue
      }
      const text = textOf(heading.node).trim()
      const id = slug(text)
      // One <h1> per page (the title): a body `#` heading is shown as a section heading.
      const depth = Math.max(2, heading.depth)
      linkHeading(heading.node, `h${depth}`, id)
      outline.push({ depth, text, id })
    }
    for (const heading of minor) {
      if (heading.jsx) {
        if (getAttribute(heading.node, 'id')) continue
        heading.node.attributes.push(attribute('id', slug(textOf(heading.node).trim())))
        continue
      }
      linkHeading(heading.node, heading.node.tagName, slug(textOf(heading.node).trim()))
    }
    state.headings = outline
  }
}

/** `<hN id>` whose content is a link to itself (links inside the heading keep their text). */
function linkHeading(node, tagName, id) {
  unwrapLinks(node)
  node.tagName = tagName
  node.properties.id = id
  node.children = [
    {
      type: 'element',
      tagName: 'a',
      properties: { className: ['heading-link'], href: `#${id}` },
      children: node.children,
    },
  ]
}

/**
 * Renders a page body (frontmatter removed). `page` names the page in warnings and errors;
 * `warn` receives each warning. Returns the HTML, the outline (depth 2–3 headings with their
 * ids) and how many code blocks the page has.
 */
export function renderMdx(body, { page = 'page', warn = () => {} } = {}) {
  if (typeof body !== 'string') throw new TypeError(`${page}: the page body is not text`)
  if (body.length > maxPageBytes || Buffer.byteLength(body) > maxPageBytes) {
    throw new Error(`${page}: the page is larger than ${maxPageBytes} bytes`)
  }
  if (nestingDepth(body) > maxNesting) {
    throw new Error(`${page}: block quotes or components are nested more than ${maxNesting} deep`)
  }
  const state = { unknown: new Set() }
  let Content
  try {
    Content = evaluateSync(body, {
      ...runtime,
      development: false,
      remarkPlugins: [remarkGfm, [remarkCodeBlocks, { state }]],
      rehypePlugins: [[rehypeSite, { page, warn, state }]],
    }).default
  } catch (error) {
    // Parse and guard errors carry a position: name the page and the line.
    const where = error.line ? `${page}:${error.line}:${error.column ?? 1}` : page
    throw new Error(`${where}: ${error.reason ?? error.message}`, { cause: error })
  }
  const used = { ...components }
  for (const name of state.unknown) used[name] = Unknown
  // A shortcut written as keys (`<kbd>⌘</kbd> <kbd>K</kbd>`) stays on one line: a no-break space
  // between the keys, so ⌘ never ends a line with K on the next (issue 23).
  const html = renderToStaticMarkup(createElement(Content, { components: used })).replaceAll(
    '</kbd> <kbd>',
    '</kbd>\u00a0<kbd>',
  )
  return { html, headings: state.headings, codeBlocks: state.codeBlocks }
}
