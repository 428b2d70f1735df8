// The Mintlify components the docs pages use, as small React components rendered to static HTML
// (react-dom/server). Plain markup with the classes of site.css: no inline styles, no scripts,
// so pages keep running under the strict Content-Security-Policy. MDX hands each one its
// attributes as props; render-mdx.mjs has already checked them (literal values only, safe URLs).
import { createContext, createElement as h, Fragment, useContext } from 'react'

const text = (value) => (value === undefined || value === null ? '' : String(value))

function Callout({ kind, label, children }) {
  return h(
    'div',
    { className: `callout callout-${kind}`, role: 'note' },
    h('p', { className: 'callout-label' }, label),
    children,
  )
}

/** A fenced code block: a header bar (title or language, the Copy button; the widget adds its
 * Ask AI button there, just before the <pre>) over the code. site.js wires and shows Copy. */
function CodeBlock({ id, language, title, code }) {
  const lang = language || 'text'
  return h(
    'figure',
    { className: 'code-block' },
    h(
      'figcaption',
      { className: title ? 'code-title' : 'code-title code-language' },
      title || lang,
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'code-copy',
        'data-code-copy': id,
        'aria-label': lang === 'text' ? 'Copy code' : `Copy ${lang} code`,
        hidden: true,
      },
      'Copy',
    ),
    h('pre', { id, tabIndex: 0 }, h('code', { className: `language-${lang}` }, code)),
  )
}

const InSteps = createContext(false)

function Steps({ children }) {
  return h('ol', { className: 'steps' }, h(InSteps.Provider, { value: true }, children))
}

function Step({ title, children }) {
  const item = h(
    'li',
    { className: 'step' },
    title ? h('p', { className: 'step-title' }, text(title)) : null,
    h('div', { className: 'step-body' }, children),
  )
  // A lone <Step> outside <Steps> still gets its numbered list.
  return useContext(InSteps) ? item : h('ol', { className: 'steps' }, item)
}

function CardGroup({ cols, children }) {
  const count = Math.min(Math.max(Number(cols) || 2, 1), 4)
  return h('div', { className: `card-group cols-${count}` }, children)
}

/** A card; with `href` the whole card is the link (links inside it were unwrapped by render-mdx). */
function Card({ title, href, children }) {
  const heading = title ? h('span', { className: 'card-title' }, text(title)) : null
  if (href) {
    const external = /^https?:/i.test(href)
    return h(
      'a',
      { className: 'card', href, ...(external ? { rel: 'noopener noreferrer' } : {}) },
      heading,
      h('div', { className: 'card-body' }, children),
    )
  }
  return h('div', { className: 'card' }, heading, h('div', { className: 'card-body' }, children))
}

const fieldLocations = ['path', 'body', 'query', 'header', 'cookie', 'name']

/** ParamField / ResponseField: name, type, where it goes, required, default; then the text. */
function Field({ component, ...props }) {
  const location = fieldLocations.find((key) => key in props)
  const parts = [
    h('code', { className: 'field-name', key: 'name' }, location ? text(props[location]) : ''),
  ]
  if (props.type) parts.push(h('span', { className: 'field-type', key: 'type' }, text(props.type)))
  if (component === 'ParamField' && location && location !== 'body' && location !== 'name') {
    parts.push(h('span', { className: 'field-location', key: 'location' }, location))
  }
  if (props.required) parts.push(h('span', { className: 'field-required', key: 'req' }, 'required'))
  if (props.deprecated) {
    parts.push(h('span', { className: 'field-deprecated', key: 'dep' }, 'deprecated'))
  }
  if (props.default !== undefined) {
    parts.push(
      h(
        'span',
        { className: 'field-default', key: 'default' },
        'default: ',
        h('code', null, text(props.default)),
      ),
    )
  }
  // Spaces between the parts, as in running text.
  const head = parts.flatMap((part, index) => (index ? [' ', part] : [part]))
  return h(
    'div',
    { className: 'field' },
    h('div', { className: 'field-head' }, head),
    h('div', { className: 'field-body' }, props.children),
  )
}

function Accordion({ title, children }) {
  return h(
    'details',
    { className: 'accordion' },
    h('summary', null, text(title) || 'Details'),
    h('div', { className: 'accordion-body' }, children),
  )
}

/** A changelog entry: its label is a heading (the dev server makes it a section), `anchor` its id. */
function Update({ label, description, anchor, children }) {
  const title = text(label)
  return h(
    'section',
    { className: 'update' },
    title
      ? h('h2', { id: anchor }, h('a', { className: 'heading-link', href: `#${anchor}` }, title))
      : null,
    description ? h('p', { className: 'update-description' }, text(description)) : null,
    children,
  )
}

/** Every component a page may use, by the name it has in MDX. */
export const components = {
  Note: (props) => h(Callout, { ...props, kind: 'note', label: 'Note' }),
  Info: (props) => h(Callout, { ...props, kind: 'info', label: 'Info' }),
  Tip: (props) => h(Callout, { ...props, kind: 'tip', label: 'Tip' }),
  Warning: (props) => h(Callout, { ...props, kind: 'warning', label: 'Warning' }),
  Danger: (props) => h(Callout, { ...props, kind: 'danger', label: 'Danger' }),
  Check: (props) => h(Callout, { ...props, kind: 'check', label: 'Check' }),
  CodeBlock,
  Steps,
  Step,
  CodeGroup: ({ children }) => h('div', { className: 'code-group' }, children),
  Tabs: ({ children }) => h('div', { className: 'tabs' }, children),
  Tab: ({ title, children }) =>
    h('section', { className: 'tab' }, h('p', { className: 'tab-title' }, text(title)), children),
  CardGroup,
  Columns: CardGroup,
  Card,
  ParamField: (props) => h(Field, { ...props, component: 'ParamField' }),
  ResponseField: (props) => h(Field, { ...props, component: 'ResponseField' }),
  AccordionGroup: ({ children }) => h('div', { className: 'accordion-group' }, children),
  Accordion,
  Expandable: Accordion,
  Frame: ({ caption, children }) =>
    h(
      'figure',
      { className: 'frame' },
      children,
      caption ? h('figcaption', null, text(caption)) : null,
    ),
  Update,
  Badge: ({ children }) => h('span', { className: 'badge' }, children),
  Tooltip: ({ children }) => h(Fragment, null, children),
  // Icons are decoration, and the site ships no icon font.
  Icon: () => null,
}

/** Stands in for every component the site does not know: its children, unwrapped. */
export function Unknown({ children }) {
  return h(Fragment, null, children)
}
