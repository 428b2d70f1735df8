/**
 * Synonyms without model weights: what "semantic" search can be offline. Two sources:
 *
 * - the docs' own definitions: "Voice Activity Detection (VAD)", "Text-to-Speech (TTS)",
 *   "single sign-on (SSO)" in titles, headings and text make the acronym and the phrase one
 *   thing, so "VAD settings" finds "voice activity detection" and back;
 * - a short list of words developers use for the same act ("create a client" is "new
 *   PipecatClient" in a constructor reference).
 *
 * Terms are stored as the index stems them, so a synonym is looked up like any query term.
 */
import { isWhitespace, isWordChar } from '../text-scan'
import { queryTerm } from './search-terms'

/**
 * How much a synonym counts next to the word itself: an acronym the docs define is the same
 * thing written short; a built-in group's words are near, not equal.
 */
export const definedWeight = 0.9
const builtinWeight = 0.7

/** Groups of words that name the same thing in developer docs. */
const builtinGroups = [
  'create constructor instantiate initialize initialise',
  'delete remove',
  'error exception',
  'auth authentication',
  'rtl right-to-left',
]

/** An acronym in parentheses, `(VAD)`: where a definition may end. */
const acronymInParentheses = /\(([A-Z][A-Za-z]{1,5})\)/g

/** `[\w'-]`: the characters of a word of a definition. */
function isDefinitionChar(code: number): boolean {
  return isWordChar(code) || code === 0x27 || code === 0x2d
}
const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a

/**
 * Acronym definitions as written: up to six words, then the acronym in parentheses. What
 * `/((?:[A-Za-z][\w'-]*\s+){0,5}[A-Za-z][\w'-]*)\s+\(([A-Z][A-Za-z]{1,5})\)/g` matched, found
 * from each `(ACRONYM)` back over at most six words: the regex tried every position of a long
 * word (and of the words before) and rescanned them each time.
 */
export function* acronymDefinitions(text: string): Generator<[phrase: string, acronym: string]> {
  for (const match of text.matchAll(acronymInParentheses)) {
    const open = match.index ?? 0
    let end = open
    while (end > 0 && isWhitespace(text.charCodeAt(end - 1))) end--
    if (end === open) continue
    let start = -1
    for (let words = 0; words < 6; words++) {
      // The word ending at `end`: the longest run of word characters, from its first letter.
      let from = end
      while (from > 0 && isDefinitionChar(text.charCodeAt(from - 1))) from--
      let letter = from
      while (letter < end && !isLetter(text.charCodeAt(letter))) letter++
      if (letter === end) break
      start = letter
      // Only a word starting the run can have another word before it.
      if (letter !== from) break
      let before = from
      while (before > 0 && isWhitespace(text.charCodeAt(before - 1))) before--
      if (before === from || before === 0) break
      end = before
    }
    if (start === -1) continue
    const phraseEnd = text.slice(start, open).trimEnd().length + start
    yield [text.slice(start, phraseEnd), match[1]!]
  }
}

export interface SynonymTable {
  /** A query term's alternatives (stemmed) and their weights, e.g. `vad` → `voic`, `activity`. */
  alternatives: Map<string, Map<string, number>>
  /** Multi-word phrases whose acronym is known: words (stemmed, in order) → acronym term. */
  phrases: { words: string[]; acronym: string }[]
}

function termsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => queryTerm(word))
    .filter((term): term is string => Boolean(term))
}

function initials(words: string[]): string {
  return words.map((word) => word[0] ?? '').join('')
}

/** The phrase an acronym abbreviates: the shortest tail of `text` whose initials spell it. */
function phraseFor(text: string, acronym: string): string[] | undefined {
  const parts = text.split(/[\s-]+/).filter(Boolean)
  const wanted = acronym.toLowerCase()
  for (let take = 1; take <= parts.length; take++) {
    const tail = parts.slice(-take)
    if (initials(tail.map((p) => p.toLowerCase())) === wanted) return tail
    // "Text-to-Speech (TTS)" counts "to"; "Speech-to-Text (STT)" too; skip small words otherwise.
    const significant = tail.filter((p) => !/^(of|and|for|the|a|an|in|on)$/i.test(p))
    if (significant.length > 1 && initials(significant.map((p) => p.toLowerCase())) === wanted) {
      return tail
    }
  }
  return undefined
}

export function buildSynonyms(texts: Iterable<string>, builtin = true): SynonymTable {
  const alternatives = new Map<string, Map<string, number>>()
  const phrases = new Map<string, { words: string[]; acronym: string }>()
  const link = (from: string, to: string, weight = builtinWeight) => {
    if (from === to) return
    let map = alternatives.get(from)
    if (!map) {
      map = new Map()
      alternatives.set(from, map)
    }
    map.set(to, Math.max(weight, map.get(to) ?? 0))
  }
  if (builtin) {
    for (const group of builtinGroups) {
      const members = group.split(' ').map(termsOf)
      for (const a of members) {
        for (const b of members) {
          if (a.length !== 1) continue
          // A one-word member stands for every word of a multi-word one ("rtl" → right, left).
          for (const term of b) link(a[0]!, term)
          if (b.length > 1) phrases.set(b.join(' '), { words: b, acronym: a[0]! })
        }
      }
    }
  }
  for (const text of texts) {
    if (!text.includes('(')) continue
    for (const [definedPhrase, acronym] of acronymDefinitions(text)) {
      if (acronym !== acronym.toUpperCase() && !/^[A-Z][a-z]?[A-Z]/.test(acronym)) continue
      const phrase = phraseFor(definedPhrase, acronym)
      if (!phrase) continue
      const words = termsOf(phrase.join(' '))
      const term = queryTerm(acronym.toLowerCase())
      if (!term || words.length < 2) continue
      for (const word of words) link(term, word, definedWeight)
      const key = words.join(' ')
      if (!phrases.has(key)) phrases.set(key, { words, acronym: term })
    }
  }
  return { alternatives, phrases: [...phrases.values()] }
}

/** Acronyms of the phrases a query spells out ("voice activity detection" → `vad`), per word. */
export function phraseAcronyms(words: readonly string[], table: SynonymTable): Map<string, string> {
  const found = new Map<string, string>()
  if (table.phrases.length === 0 || words.length < 2) return found
  const text = ` ${words.join(' ')} `
  for (const { words: phrase, acronym } of table.phrases) {
    if (!text.includes(` ${phrase.join(' ')} `)) continue
    for (const word of phrase) found.set(word, acronym)
  }
  return found
}
