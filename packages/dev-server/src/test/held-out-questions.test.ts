/**
 * The structure of the held-out (`held-out-questions.ts`) and development (`dev-questions.ts`)
 * question sets, checked against the real corpora as `loadDocs` reads them. This never calls the
 * assistant or search: it checks that the sets are well formed, not how well DocChat answers.
 */
import { describeWithShared, sharedPath } from '@docchat/test-utils/shared-dir'
import { beforeAll, expect, it } from 'vitest'
import { type DocsCorpus, type DocsPage, loadDocs } from '../docs'
import { kitDocsFolder } from './corpora'
import * as dev from './dev-questions'
import * as heldOut from './held-out-questions'
import {
  type MeasuredCorpus,
  type QuestionCase,
  type SearchCase,
  questionSet,
} from './question-set'

const corpora: readonly MeasuredCorpus[] = ['docchat', 'mintlify', 'pipecat', 'cline']
const sharedCorpora = ['corpora/mintlify-docs', 'corpora/pipecat-docs', 'corpora/cline-docs']

interface QuestionSets {
  answerable: readonly QuestionCase<MeasuredCorpus>[]
  code: readonly QuestionCase<MeasuredCorpus>[]
  offTopic: readonly QuestionCase<MeasuredCorpus>[]
  followUps: readonly QuestionCase<MeasuredCorpus>[]
  search: readonly SearchCase<MeasuredCorpus>[]
}

const sets: Record<'heldOut' | 'dev', QuestionSets> = {
  heldOut: {
    answerable: heldOut.heldOutAnswerable,
    code: heldOut.heldOutCode,
    offTopic: heldOut.heldOutOffTopic,
    followUps: heldOut.heldOutFollowUps,
    search: heldOut.heldOutSearch,
  },
  dev: {
    answerable: dev.devAnswerable,
    code: dev.devCode,
    offTopic: dev.devOffTopic,
    followUps: dev.devFollowUps,
    search: dev.devSearch,
  },
}

/** What was written: per corpus, per category (`noResults`: search cases expecting nothing). */
const half = { answerable: 12, code: 4, offTopic: 4, followUps: 3, search: 6, noResults: 2 }
const none = { answerable: 0, code: 0, offTopic: 0, followUps: 0, search: 0, noResults: 0 }
const writtenCounts = {
  heldOut: {
    docchat: half,
    mintlify: half,
    pipecat: half,
    // cline is measured only: everything is held out.
    cline: { answerable: 24, code: 8, offTopic: 8, followUps: 6, search: 12, noResults: 3 },
  },
  dev: { docchat: half, mintlify: half, pipecat: half, cline: none },
}

function countsOf(s: QuestionSets) {
  const of = (corpus: MeasuredCorpus) => ({
    answerable: s.answerable.filter((c) => c.corpus === corpus).length,
    code: s.code.filter((c) => c.corpus === corpus).length,
    offTopic: s.offTopic.filter((c) => c.corpus === corpus).length,
    followUps: s.followUps.filter((c) => c.corpus === corpus).length,
    search: s.search.filter((c) => c.corpus === corpus && c.expect !== null).length,
    noResults: s.search.filter((c) => c.corpus === corpus && c.expect === null).length,
  })
  return Object.fromEntries(corpora.map((corpus) => [corpus, of(corpus)]))
}

const questionsOf = (s: QuestionSets) => [...s.answerable, ...s.code, ...s.offTopic, ...s.followUps]
const allNewQuestions = [...questionsOf(sets.heldOut), ...questionsOf(sets.dev)]
const allSearches = [...sets.heldOut.search, ...sets.dev.search]
// 3 × (12 + 4 + 4 + 3) + (24 + 8 + 8 + 6) held out, 3 × 23 for development.
const newQuestionCount = 3 * 23 + 46 + 3 * 23
// 3 × 8 + 15 held out, 3 × 8 for development.
const searchCount = 3 * 8 + 15 + 3 * 8

/** The text a reader (and the index) can see on a page. */
function pageText(page: DocsPage): string {
  return [
    page.path,
    page.title,
    page.sidebarTitle ?? '',
    page.description ?? '',
    page.keywords.join(' '),
    page.breadcrumbs.join(' '),
    page.content,
  ]
    .join('\n')
    .toLowerCase()
}

describeWithShared(
  'held-out and development question sets',
  sharedCorpora,
  () => {
    const docs = {} as Record<MeasuredCorpus, DocsCorpus>
    const pagesOf = (corpus: MeasuredCorpus) =>
      new Map(docs[corpus].pages.map((page) => [page.path, page]))

    beforeAll(async () => {
      const folders: Record<MeasuredCorpus, string> = {
        docchat: kitDocsFolder,
        mintlify: sharedPath('corpora/mintlify-docs'),
        pipecat: sharedPath('corpora/pipecat-docs'),
        cline: sharedPath('corpora/cline-docs'),
      }
      for (const corpus of corpora) docs[corpus] = await loadDocs(folders[corpus])
    })

    it('has the counts per corpus and category that were written', () => {
      expect(countsOf(sets.heldOut)).toEqual(writtenCounts.heldOut)
      expect(countsOf(sets.dev)).toEqual(writtenCounts.dev)
      expect(heldOut.heldOutQuestions).toHaveLength(3 * 23 + 46)
      expect(dev.devQuestions).toHaveLength(3 * 23)
    })

    it('keeps each category to its shape', () => {
      const misshapen: string[] = []
      for (const s of Object.values(sets)) {
        for (const c of s.answerable)
          if (c.expect === null || c.code || c.after) misshapen.push(`answerable: ${c.ask}`)
        for (const c of s.code)
          if (c.expect === null || !c.code || !c.lang || c.after) misshapen.push(`code: ${c.ask}`)
        for (const c of s.offTopic)
          if (c.expect !== null || c.code) misshapen.push(`off-topic: ${c.ask}`)
        for (const c of s.followUps)
          if (c.expect === null || !c.after) misshapen.push(`follow-up: ${c.ask}`)
        for (const c of s.search) {
          const words = c.query.trim().split(/\s+/)
          if (words.length < 1 || words.length > 4) misshapen.push(`search: ${c.query}`)
        }
      }
      expect(allNewQuestions).toHaveLength(newQuestionCount)
      expect(allSearches).toHaveLength(searchCount)
      expect(misshapen).toEqual([])
    })

    it('expects only pages that exist in their corpus', () => {
      const cases = [...allNewQuestions, ...allSearches].filter((c) => c.expect !== null)
      // Everything but the off-topic questions and the no-result queries.
      expect(cases).toHaveLength(newQuestionCount - 3 * 8 - 8 + searchCount - 3 * 4 - 3)
      const missing: string[] = []
      for (const c of cases) {
        const pages = pagesOf(c.corpus)
        expect(c.expect!.length).toBeGreaterThan(0)
        for (const path of c.expect!) if (!pages.has(path)) missing.push(`${c.corpus} ${path}`)
      }
      expect(missing).toEqual([])
    })

    it('asks for code only in a language that every expected page has a fence in', () => {
      const codeCases = allNewQuestions.filter((c) => c.code)
      // The code questions, plus one follow-up asking for the same code in Python.
      expect(codeCases).toHaveLength(3 * 8 + 8 + 1)
      const wrong: string[] = []
      for (const c of codeCases) {
        const pages = pagesOf(c.corpus)
        for (const path of c.expect!) {
          const languages = pages
            .get(path)
            ?.sections.flatMap((section) => section.codeBlocks.map((block) => block.language))
          if (!languages?.includes(c.lang)) wrong.push(`${c.corpus} ${path} has no ${c.lang} fence`)
        }
      }
      expect(wrong).toEqual([])
    })

    it('follows up only on a question of the same corpus, or on a plain question', () => {
      const everyCase: QuestionCase<MeasuredCorpus>[] = [...questionSet, ...allNewQuestions]
      // Which corpora ask each text, as a question or as the question before a follow-up.
      const corporaOf = new Map<string, Set<MeasuredCorpus>>()
      for (const c of everyCase) {
        for (const text of c.after === undefined ? [c.ask] : [c.ask, c.after]) {
          corporaOf.set(text, (corporaOf.get(text) ?? new Set()).add(c.corpus))
        }
      }
      const asked = new Set(everyCase.map((c) => c.ask))
      const followUps = allNewQuestions.filter((c) => c.after !== undefined)
      // The follow-ups, plus one off-topic question per corpus asked after a code question.
      expect(followUps).toHaveLength(3 * 6 + 6 + 4)
      const wrong: string[] = []
      for (const c of followUps) {
        const corpora = [...corporaOf.get(c.after!)!]
        if (corpora.length > 1) wrong.push(`${c.ask}: after a question of ${corpora.join(' and ')}`)
        if (!asked.has(c.after!) && !/^[^\n<>`]{10,200}\?$/.test(c.after!)) {
          wrong.push(`${c.ask}: after "${c.after}", not a plain question`)
        }
      }
      expect(wrong).toEqual([])
    })

    it('never asks the same question twice, nor one of question-set.ts', () => {
      const asks = [...questionSet, ...allNewQuestions].map(
        (c) => `${c.corpus} ${c.ask.toLowerCase()}`,
      )
      expect(asks).toHaveLength(questionSet.length + newQuestionCount)
      expect(new Set(asks).size).toBe(asks.length)
      const queries = allSearches.map((c) => `${c.corpus} ${c.query.toLowerCase()}`)
      expect(new Set(queries).size).toBe(searchCount)
    })

    it('expects no results only for words the corpus does not contain', () => {
      const empty = allSearches.filter((c) => c.expect === null)
      expect(empty).toHaveLength(3 * 4 + 3)
      const found: string[] = []
      for (const c of empty) {
        const texts = docs[c.corpus].pages.map(pageText)
        for (const word of c.query.toLowerCase().split(/\s+/)) {
          const page = texts.findIndex((text) => text.includes(word))
          if (page >= 0) found.push(`${c.corpus} "${word}" on ${docs[c.corpus].pages[page]!.path}`)
        }
      }
      expect(found).toEqual([])
    })
  },
  { timeout: 60_000 },
)
