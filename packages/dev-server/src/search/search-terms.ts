/**
 * Term processing shared by indexing and querying: lowercase, split identifiers, light English
 * stemming so "configuring", "configured" and "configure" meet, and stop words dropped from
 * queries (questions are full of them, and with prefix search "i" would match everything).
 */
import { stemmer as porter } from 'stemmer'

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

export function isStopWord(token: string): boolean {
  return stopWords.has(token.toLowerCase())
}

/** Words longer than this are identifiers or pasted text: stemming them says nothing. */
const maxStemmedChars = 30

/**
 * A word's stem by Martin Porter's algorithm (the `stemmer` package, pinned): "configuring",
 * "configured", "configuration" and "configure" all give "configur"; "retries" and "retried"
 * "retri". English only: words with other letters, digits or over 30 letters pass through.
 */
export function stem(term: string): string {
  if (term.length <= 3 || term.length > maxStemmedChars || !/^[a-z]+$/.test(term)) return term
  return porter(term)
}

/** Stem of any word as a question or docs text has it (lower-cased first). */
export function stemOf(word: string): string {
  return stem(word.toLowerCase())
}

/**
 * Lower-cased words of a text, each camelCase or PascalCase identifier also as its parts
 * (`contextSelector` → `contextselector`, `context`, `selector`); words are runs of letters and
 * digits, so `left-to-right` gives `left`, `to`, `right`.
 */
export function wordsOf(text: string): string[] {
  const out: string[] = []
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const token = match[0]
    const lower = token.toLowerCase()
    out.push(lower)
    if (lower !== token && token.length <= 64) {
      const parts = identifierParts(token)
      if (parts.length > 1) for (const part of parts) out.push(part.toLowerCase())
    }
  }
  return out
}
