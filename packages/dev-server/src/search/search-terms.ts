/**
 * Term processing shared by indexing and querying: lowercase, split identifiers, light English
 * stemming so "configuring", "configured" and "configure" meet, and stop words dropped from
 * queries (questions are full of them, and with prefix search "i" would match everything).
 */

const stopWords = new Set(
  (
    'a an and are as at be but by can could do does for from had has have how i if in into is it ' +
    'its me my no not of on or our should so than that the their them then there these they this ' +
    'to was we were what when where which while who why will with would you your about any some ' +
    'use using want need way get set up'
  ).split(' '),
)

const isUpper = (code: number) => code >= 0x41 && code <= 0x5a
const isLower = (code: number) => code >= 0x61 && code <= 0x7a
const isDigit = (code: number) => code >= 0x30 && code <= 0x39

/**
 * Splits `CartesiaTTSService` into `Cartesia`, `TTS`, `Service`: what
 * `token.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g)` returned (capitals not followed by a small
 * letter, a word with at most one capital first, digits), in one pass.
 */
export function identifierParts(token: string): string[] {
  const parts: string[] = []
  let start = 0
  while (start < token.length) {
    const code = token.charCodeAt(start)
    let end = start + 1
    if (isUpper(code)) {
      while (isUpper(token.charCodeAt(end))) end++
      // The last capital before a small letter starts the next word (`TTS|Service`).
      if (isLower(token.charCodeAt(end))) {
        if (end - start > 1) end--
        else while (isLower(token.charCodeAt(end))) end++
      }
    } else if (isLower(code)) {
      while (isLower(token.charCodeAt(end))) end++
    } else if (isDigit(code)) {
      while (isDigit(token.charCodeAt(end))) end++
    } else {
      start++
      continue
    }
    parts.push(token.slice(start, end))
    start = end
  }
  return parts
}

/**
 * Terms indexed for one token: its stem, the word as written when that differs (so a typo is
 * still one edit away from something indexed: "navigaton" → "navigation"), and the parts of
 * a camelCase identifier.
 */
export function indexTerms(token: string): string[] | null {
  const lower = token.toLowerCase()
  const whole = stem(lower)
  if (!whole) return null
  const terms = whole === lower ? [whole] : [whole, lower]
  if (/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(token)) {
    for (const part of identifierParts(token)) {
      const term = stem(part.toLowerCase())
      if (term.length > 1 && !terms.includes(term)) terms.push(term)
    }
  }
  return terms
}

export function queryTerm(token: string): string | null {
  const term = token.toLowerCase()
  if (stopWords.has(term)) return null
  return stem(term) || null
}

/** A deliberately small suffix stripper (English only; other scripts pass through). */
function stem(term: string): string {
  if (term.length <= 3 || !/^[a-z]+$/.test(term)) return term
  let word = term
  if (/ie[sd]$/.test(word) && word.length > 4) word = `${word.slice(0, -3)}y`
  else if (word.endsWith('sses')) word = word.slice(0, -2)
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1)

  if (word.endsWith('ing') && word.length - 3 >= 4) word = undouble(word.slice(0, -3))
  else if (word.endsWith('ed') && word.length - 2 >= 4) word = undouble(word.slice(0, -2))

  if (word.endsWith('ation') && word.length - 5 >= 4) word = word.slice(0, -5)
  else if (/[ts]ion$/.test(word) && word.length - 3 >= 4) word = word.slice(0, -3)
  else if (word.endsWith('ate') && word.length - 3 >= 4) word = word.slice(0, -3)

  if (word.endsWith('ally') && word.length - 4 >= 4) word = word.slice(0, -4)
  else if (word.endsWith('ly') && word.length - 2 >= 4) word = word.slice(0, -2)

  if (word.endsWith('e') && word.length > 4) word = word.slice(0, -1)
  return word
}

function undouble(word: string): string {
  return /([^aeiouslz])\1$/.test(word) ? word.slice(0, -1) : word
}
