import { DOCS_LIMITS } from '@docchat/core'
import SearchableMap from 'minisearch/SearchableMap'
import { queryTerm } from './search-terms'
import { definedWeight, phraseAcronyms, type SynonymTable } from './synonyms'

/** How often a term occurs: in how many sections and pages. */
export interface TermStats {
  sections: number
  pages: number
  lastSection: number
  lastPage: number
}

/**
 * Query terms found in more than this share of sections or pages say almost nothing about
 * relevance (BM25 gives them near-zero weight) yet cost the most to score, so they are left out
 * as long as another term remains: "pipecat" in the Pipecat docs, "docs" in most sets.
 */
const commonTermShare = 0.2

/** Most completions a prefix expands to, and their combined postings as a share of sections. */
const maxCompletions = 12
const completionPostingShare = 0.5

/** Most spelling corrections tried for an unknown word. */
const maxCorrections = 8

/**
 * Longer words are identifiers or pasted junk, not typos: fuzzy matching them costs the most
 * (the edit-distance search grows with the word) and never finds what was meant.
 */
const maxTypoWordLength = DOCS_LIMITS.fuzzyWordChars
/** MiniSearch's own weights for prefix and fuzzy matches, so scores read the same. */
const prefixWeight = 0.375
const fuzzyWeight = 0.45

export interface QueryPlan {
  /** One entry per meaningful query word: the indexed terms that stand for it, with weights. */
  words: { word: string; terms: Map<string, number> }[]
  /** Every term to look up, its weight, and which word it stands for. */
  terms: Map<string, { weight: number; word: number }>
  /** Only words found all over the docs: match headings and titles, not body text. */
  common: boolean
  /** Words the docs have nothing for (not even a typo correction); they still weigh on scores. */
  unmatched: number
  /**
   * How much each word says (inverse section frequency of its best term), and the total
   * including unmatched words (which count as the rarest): the weights of `coverage`.
   */
  informativeness: number[]
  totalInformativeness: number
}

/**
 * The vocabulary of an index and what it takes to turn typed text into terms to look up:
 * stop words out, stems, prefix completion for the word being typed, typo correction for
 * unknown words, and common words dropped. Done here rather than with MiniSearch's own
 * `prefix`/`fuzzy` options so that a typo or a short prefix never expands to a term that is
 * everywhere ("piecat" → "pipecat"), which is what makes search slow and adds no signal.
 */
export class Vocabulary {
  private readonly trie: SearchableMap<TermStats>
  private readonly limits: { sections: number; pages: number }
  private readonly completionBudget: number

  constructor(
    private readonly stats: Map<string, TermStats>,
    private readonly counts: { sections: number; pages: number },
    private readonly synonyms: SynonymTable = { alternatives: new Map(), phrases: [] },
  ) {
    this.trie = new SearchableMap<TermStats>()
    for (const [term, entry] of stats) this.trie.set(term, entry)
    this.limits = {
      sections: Math.max(50, counts.sections * commonTermShare),
      pages: Math.max(10, counts.pages * commonTermShare),
    }
    this.completionBudget = Math.max(200, counts.sections * completionPostingShare)
  }

  has(term: string): boolean {
    return this.stats.has(term)
  }

  /** Above 1: the term is in more than the common share of sections or pages. */
  commonness(term: string): number {
    const entry = this.stats.get(term)
    if (!entry) return 0
    return Math.max(entry.sections / this.limits.sections, entry.pages / this.limits.pages)
  }

  /**
   * `typing: false` is for a finished question (the assistant's): its last word is not being
   * typed, so it is not expanded to completions ("docchat" must not become "docChatQueryKeys").
   */
  plan(query: string, { typing = true }: { typing?: boolean } = {}): QueryPlan {
    const tokens = query.split(/[\n\r\p{Z}\p{P}\p{S}]+/u).filter(Boolean)
    let words = tokens.map(queryTerm).filter((term): term is string => Boolean(term))
    // A query made only of stop words ("how to") still searches for them.
    if (words.length === 0) words = tokens.map((token) => token.toLowerCase())
    // Each word costs a vocabulary walk: a pasted page of distinct words (20,000 took 14 s on the
    // Pipecat docs) is cut to the first words, which say what is asked.
    words = [...new Set(words)].slice(0, DOCS_LIMITS.queryWords)
    const last = words.length - 1
    const acronyms = phraseAcronyms(words, this.synonyms)
    const candidates = words.map((word, index) => {
      const terms = this.alternatives(word, typing && index === last)
      // Synonyms count a little less than the word itself, like MiniSearch's fuzzy matches.
      const synonyms = [...(this.synonyms.alternatives.get(word) ?? [])]
      const acronym = acronyms.get(word)
      if (acronym) synonyms.push([acronym, definedWeight])
      for (const [synonym, weight] of synonyms) {
        if (!terms.has(synonym) && this.stats.has(synonym)) terms.set(synonym, weight)
      }
      return { word, terms }
    })

    // Keep each word's uncommon alternatives; a word with none is a common word.
    const specific = candidates
      .map(({ word, terms }) => ({
        word,
        terms: new Map([...terms].filter(([term]) => this.commonness(term) <= 1)),
      }))
      .filter(({ terms }) => terms.size > 0)
    let common = false
    let chosen = specific
    if (specific.length === 0) {
      // Nothing but common words: the rarest of them alone, matched against headings.
      let rarest: { word: string; term: string } | undefined
      for (const { word, terms } of candidates) {
        for (const term of terms.keys()) {
          if (!rarest || this.commonness(term) < this.commonness(rarest.term))
            rarest = { word, term }
        }
      }
      chosen = rarest ? [{ word: rarest.word, terms: new Map([[rarest.term, 1]]) }] : []
      common = chosen.length > 0
    }
    const terms = new Map<string, { weight: number; word: number }>()
    chosen.forEach(({ terms: alternatives }, word) => {
      for (const [term, weight] of alternatives) {
        const existing = terms.get(term)
        if (!existing || existing.weight < weight) terms.set(term, { weight, word })
      }
    })
    const unmatched = common ? 0 : candidates.filter(({ terms }) => terms.size === 0).length
    const rarest = Math.log(1 + this.counts.sections)
    const informativeness = chosen.map(({ terms: alternatives }) => {
      let postings = Number.POSITIVE_INFINITY
      for (const term of alternatives.keys()) {
        postings = Math.min(postings, this.stats.get(term)?.sections ?? 0)
      }
      return Math.log(1 + this.counts.sections / (1 + postings))
    })
    const totalInformativeness =
      informativeness.reduce((sum, value) => sum + value, 0) + unmatched * rarest
    return { words: chosen, terms, common, unmatched, informativeness, totalInformativeness }
  }

  /** The indexed terms a typed word may stand for, with their weights. */
  private alternatives(word: string, typing: boolean): Map<string, number> {
    const terms = new Map<string, number>()
    const known = this.stats.has(word)
    if (known) terms.set(word, 1)
    else if (word.length <= maxTypoWordLength) {
      const swapped = transposed(word, this.stats)
      if (swapped) terms.set(swapped, (fuzzyWeight * word.length) / (word.length + 1))
      else if (word.length >= 4) {
        // Typo tolerance: about one edit per five letters, at most two.
        const distance = Math.min(2, Math.round(word.length * 0.2))
        const near = [...this.trie.fuzzyGet(word, distance)]
          .map(([term, [entry, edits]]) => ({ term, edits, postings: entry.sections }))
          .sort((a, b) => a.edits - b.edits || b.postings - a.postings)
          .slice(0, maxCorrections)
        for (const { term, edits } of near) {
          terms.set(term, (fuzzyWeight * term.length) / (term.length + edits))
        }
      }
    }
    // Prefix completion for the word being typed (the last) and for unknown words.
    if (word.length >= 3 && (typing || !known)) {
      for (const [term, weight] of this.completions(word)) {
        if (!terms.has(term)) terms.set(term, weight)
      }
    }
    return terms
  }

  /** The most frequent uncommon completions of a prefix, within a postings budget. */
  private completions(prefix: string): [string, number][] {
    const found: { term: string; postings: number }[] = []
    for (const [term, entry] of this.trie.atPrefix(prefix)) {
      if (term === prefix || this.commonness(term) > 1) continue
      found.push({ term, postings: entry.sections + entry.pages })
    }
    found.sort((a, b) => b.postings - a.postings)
    const chosen: [string, number][] = []
    let used = 0
    for (const { term, postings } of found) {
      if (
        chosen.length >= maxCompletions ||
        (chosen.length > 0 && used + postings > this.completionBudget)
      ) {
        break
      }
      used += postings
      const extra = term.length - prefix.length
      chosen.push([term, (prefixWeight * term.length) / (term.length + 0.3 * extra)])
    }
    return chosen
  }
}

/**
 * Swapped neighbouring letters ("domian") are two edits for Levenshtein-based fuzzy matching
 * but one slip of the fingers: an unknown word with a known transposition is read as that word.
 */
function transposed(term: string, vocabulary: Map<string, unknown>): string | undefined {
  if (term.length < 4) return undefined
  for (let i = 0; i < term.length - 1; i++) {
    const candidate = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2)
    if (vocabulary.has(candidate)) return candidate
  }
  return undefined
}
