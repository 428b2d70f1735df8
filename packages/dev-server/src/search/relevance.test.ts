import { expect, it } from 'vitest'
import { describeOnMintlify } from '../test/corpora'

/**
 * Twenty questions a reader might ask, written from page titles and descriptions of
 * mintlify-docs (phrased as questions, not copies of the titles), each with the page that
 * answers it.
 */
const questions: { question: string; expected: string }[] = [
  { question: 'How do I add my own domain name to my docs?', expected: '/customize/custom-domain' },
  {
    question: 'How can I send visitors to the new URL after I rename a page?',
    expected: '/create/redirects',
  },
  {
    question: 'Can I preview my documentation on my laptop before publishing?',
    expected: '/cli/preview',
  },
  {
    question: 'How do I show the same code example in several languages with tabs?',
    expected: '/components/code-groups',
  },
  {
    question: 'How do I keep a page out of the sidebar but still reachable by URL?',
    expected: '/organize/hidden-pages',
  },
  { question: 'Set up single sign-on with Okta for the dashboard', expected: '/dashboard/sso' },
  {
    question: 'How do I track visitors with Google Analytics?',
    expected: '/integrations/analytics/google-analytics',
  },
  { question: 'How do I move my docs over from Docusaurus?', expected: '/migration/docusaurus' },
  {
    question: 'How do I change the typography and use my own font files?',
    expected: '/customize/fonts',
  },
  {
    question: 'How do I document API request parameters with their types and defaults?',
    expected: '/components/fields',
  },
  {
    question: 'Can endpoint pages be generated automatically from an OpenAPI spec?',
    expected: '/api-playground/openapi-setup',
  },
  {
    question: 'How do I serve the docs under /docs of my main website with Vercel rewrites?',
    expected: '/deploy/vercel',
  },
  {
    question: 'collapsible sections that readers can expand and hide',
    expected: '/components/accordions',
  },
  {
    question: 'How do reviewers get a preview URL for every pull request?',
    expected: '/deploy/preview-deployments',
  },
  { question: 'How do I publish release notes with an RSS feed?', expected: '/create/changelogs' },
  { question: 'generate llms.txt so AI tools can read my docs', expected: '/ai/llmstxt' },
  {
    question: 'How do I embed the AI assistant chat widget in my own website?',
    expected: '/assistant/widget',
  },
  { question: 'Can I download my analytics data as CSV?', expected: '/analytics/export' },
  {
    question: 'What can admins, editors and viewers on my team do?',
    expected: '/dashboard/roles',
  },
  {
    question: 'How do I write a numbered step-by-step procedure?',
    expected: '/components/steps',
  },
]

describeOnMintlify('search relevance on mintlify-docs', (index) => {
  it('puts the answering page in the top 5 for at least 16 of the 20 questions', () => {
    const lines: string[] = []
    let hits = 0
    for (const { question, expected } of questions) {
      const top = index()
        .search(question, { pageSize: 5 })
        .map((result) => result.path)
      const rank = top.indexOf(expected) + 1
      if (rank > 0) hits++
      lines.push(`${rank > 0 ? `#${rank}` : 'miss'}  ${question} → ${expected}`)
    }
    console.info(`${lines.join('\n')}\nhit rate (top 5): ${hits}/${questions.length}`)
    expect(hits).toBeGreaterThanOrEqual(16)
  })
})
