// A small named-entity table: enough for prose and for the obfuscations used against link filters
// (`&colon;`, `&Tab;`, `&NewLine;`). Unknown names stay literal, which is safe because React escapes text.
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  times: '×',
  divide: '÷',
  rarr: '→',
  larr: '←',
  colon: ':',
  Tab: '\t',
  NewLine: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  excl: '!',
  num: '#',
  percnt: '%',
  plus: '+',
  equals: '=',
  lowbar: '_',
  grave: '`',
  semi: ';',
  quest: '?',
  commat: '@',
  lbrack: '[',
  rbrack: ']',
  lbrace: '{',
  rbrace: '}',
  verbar: '|',
  Hat: '^',
  dollar: '$',
  ast: '*',
}

// Leading zeros are allowed without limit, as in HTML: `&#x0000061;` is `a`.
const ENTITY = /&(?:#[xX]0*([0-9a-fA-F]{1,6});?|#0*([0-9]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
  return String.fromCodePoint(code)
}

/** Decodes numeric and a few named character references. Output must still be treated as text. */
export function decodeEntities(value: string): string {
  if (value.indexOf('&') === -1) return value
  return value.replace(ENTITY, (match, hex: string, dec: string, name: string) => {
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16))
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10))
    return NAMED[name] ?? match
  })
}
