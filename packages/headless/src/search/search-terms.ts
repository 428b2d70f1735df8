/**
 * The words of a search query, as the highlight and the snippet read them. Queries come from the
 * reader, recent searches (storage) and deep links (the page URL): cut to the API's query limit
 * before anything reads them, and trimmed by loops, never by `/[^\p{L}\p{N}]+$/`, which retries
 * from every position of a run of punctuation that does not reach the end.
 */
import { DOCS_LIMITS } from '@docchat/core'

const wordChar = /[\p{L}\p{N}]/u

/** `value` without the characters that are not letters or digits at either end. */
export function trimToWord(value: string): string {
  const chars = Array.from(value)
  let start = 0
  let end = chars.length
  while (start < end && !wordChar.test(chars[start]!)) start++
  while (end > start && !wordChar.test(chars[end - 1]!)) end--
  return start === 0 && end === chars.length ? value : chars.slice(start, end).join('')
}

/**
 * The query's blank-separated words, lower-cased and trimmed to their letters and digits, read
 * from at most `DOCS_LIMITS.queryChars` (1,000) characters; words longer than
 * `DOCS_LIMITS.queryWordChars` (64) are left out, as the API refuses them.
 */
export function queryWords(query: string): string[] {
  const words: string[] = []
  for (const raw of query.slice(0, DOCS_LIMITS.queryChars).toLowerCase().split(/\s+/)) {
    const word = trimToWord(raw)
    if (word && word.length <= DOCS_LIMITS.queryWordChars) words.push(word)
  }
  return words
}
