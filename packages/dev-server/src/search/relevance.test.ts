import { expect, it } from 'vitest'
import { describeOnMintlify } from '../test/corpora'

/**
 * Twenty questions a reader might ask, written from page titles and descriptions of
 * mintlify-docs (phrased as questions, not copies of the titles), each with the page that
 * answers it.
 */
const questions: [question: string, expected: string][] = [
  ['How do I add my own domain name to my docs?', '/customize/custom-domain'],
  ['How can I send visitors to the new URL after I rename a page?', '/create/redirects'],
  ['Can I preview my documentation on my laptop before publishing?', '/cli/preview'],
  [
    'How do I show the same code example in several languages with tabs?',
    '/components/code-groups',
  ],
  ['How do I keep a page out of the sidebar but still reachable by URL?', '/organize/hidden-pages'],
  ['Set up single sign-on with Okta for the dashboard', '/dashboard/sso'],
  ['How do I track visitors with Google Analytics?', '/integrations/analytics/google-analytics'],
  ['How do I move my docs over from Docusaurus?', '/migration/docusaurus'],
  ['How do I change the typography and use my own font files?', '/customize/fonts'],
  ['How do I document API request parameters with their types and defaults?', '/components/fields'],
  [
    'Can endpoint pages be generated automatically from an OpenAPI spec?',
    '/api-playground/openapi-setup',
  ],
  [
    'How do I serve the docs under /docs of my main website with Vercel rewrites?',
    '/deploy/vercel',
  ],
  ['collapsible sections that readers can expand and hide', '/components/accordions'],
  ['How do reviewers get a preview URL for every pull request?', '/deploy/preview-deployments'],
  ['How do I publish release notes with an RSS feed?', '/create/changelogs'],
  ['generate llms.txt so AI tools can read my docs', '/ai/llmstxt'],
  ['How do I embed the AI assistant chat widget in my own website?', '/assistant/widget'],
  ['Can I download my analytics data as CSV?', '/analytics/export'],
  ['What can admins, editors and viewers on my team do?', '/dashboard/roles'],
  ['How do I write a numbered step-by-step procedure?', '/components/steps'],
]

describeOnMintlify('search relevance on mintlify-docs', (index) => {
  it('puts the answering page in the top 5 for at least 16 of the 20 questions', () => {
    const lines: string[] = []
    let hits = 0
    for (const [question, expected] of questions) {
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
