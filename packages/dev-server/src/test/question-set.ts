/**
 * Questions a reader might ask, each with the page(s) that answer it, over the kit's own docs
 * (`apps/docs`) and two real corpora (`../shared/corpora`). Written from the pages' titles,
 * headings and text, phrased as a reader would ask (not copies of headings). `expect: null` is an
 * off-topic question the docs do not answer; `after` is the question asked just before in the
 * same thread (a follow-up, or an off-topic question after a code question); `code` asks for a
 * code block, which must come from an expected page.
 */
export type Corpus = 'docchat' | 'mintlify' | 'pipecat'

/**
 * Every corpus the question sets measure: the three above, which the ranking may be tuned on, and
 * cline, which is only ever in the held-out set. Kept apart from `Corpus` because callers map
 * every `Corpus` to a folder and a server (`Record<Corpus, …>`).
 */
export type MeasuredCorpus = Corpus | 'cline'

export interface QuestionCase<C extends MeasuredCorpus = Corpus> {
  corpus: C
  ask: string
  /** Pages that answer it (the first citation must be one of them); `null`: off-topic. */
  expect: string[] | null
  code?: boolean
  /** With `code`: the language asked for, as a fence info string on the expected pages (`ts`, `python`). */
  lang?: string
  after?: string
  /**
   * Context items sent with the question, as the widget's Ask AI on a code block or a selection
   * sends them (`context` in the request body).
   */
  context?: { type: 'code' | 'textSelection'; value: string; path?: string }[]
}

/** A query typed into the ⌘K box. */
export interface SearchCase<C extends MeasuredCorpus = Corpus> {
  corpus: C
  query: string
  /** Pages that should each be among the first five results; `null`: no results at all. */
  expect: string[] | null
}

const q = (
  corpus: Corpus,
  ask: string,
  expect: string | string[] | null,
  extra: Partial<QuestionCase> = {},
): QuestionCase => ({
  corpus,
  ask,
  expect: expect === null ? null : Array.isArray(expect) ? expect : [expect],
  ...extra,
})

/** The React quickstart code block, as the widget's Ask AI on it sends it. */
const reactQuickstart = `import { createDocsClient } from '@docchat/core'
import { DocChatProvider } from '@docchat/react'
import { DocChatWidget } from '@docchat/widget'
import '@docchat/widget/styles.css'

const client = createDocsClient({
  baseUrl: 'http://127.0.0.1:8787',
  assistantKey: 'mint_dsc_dev_local',
})

export function App() {
  return (
    <DocChatProvider client={client} domain="mydocs">
      <DocChatWidget />
      {/* your site */}
    </DocChatProvider>
  )
}`

/**
 * Issue 23's demo-site misses, and questions like them: answered with a table cell, opened with
 * unrelated sentences, "The docs show this in With useChat:", Ask AI on a code block answered
 * about another API. Added while tuning the excerpt answers (development: tuning on them is
 * allowed). Kept here rather than in `dev-questions.ts`, whose counts are the seeded split.
 */
const issueQuestions: QuestionCase[] = [
  {
    corpus: 'docchat',
    ask: 'How do I make the assistant open as a sidebar on the left?',
    expect: ['/widget/drop-in-script', '/widget/components', '/widget/custom-element'],
  },
  { corpus: 'docchat', ask: 'Which CSS variables can I set?', expect: ['/widget/theming'] },
  {
    corpus: 'docchat',
    ask: 'How do I use useChat with the v5 transport?',
    expect: ['/core/ai-sdk-v5-transport'],
    code: true,
    lang: 'tsx',
  },
  {
    corpus: 'docchat',
    ask: 'What does this code do?',
    expect: ['/quickstart', '/widget/components', '/react/hooks'],
    context: [{ type: 'code', value: reactQuickstart, path: '/quickstart' }],
  },
  {
    corpus: 'docchat',
    ask: 'Explain this',
    expect: ['/react/hooks', '/widget/drop-in-script', '/widget/components'],
    context: [
      {
        type: 'textSelection',
        value:
          'Base URL of your docs site. Relative links in answers, sources and suggestions resolve against it.',
        path: '/react/hooks',
      },
    ],
  },
  {
    corpus: 'docchat',
    ask: 'How do I deep link to the assistant?',
    expect: ['/widget/deep-links'],
  },
  {
    corpus: 'docchat',
    ask: 'How do I make the widget follow dark mode and right-to-left pages?',
    expect: ['/widget/theming'],
  },
  {
    corpus: 'mintlify',
    ask: 'Which properties does an accordion take?',
    expect: ['/components/accordions'],
  },
  {
    corpus: 'pipecat',
    ask: 'Show me Python code that records the conversation audio',
    expect: ['/pipecat/fundamentals/recording-audio'],
    code: true,
    lang: 'python',
  },
  {
    corpus: 'pipecat',
    ask: 'How do I record each speaking turn as its own audio clip?',
    expect: ['/pipecat/fundamentals/recording-audio'],
  },
]

/** ⌘K queries of issue 23's demo misses: the page should be in the top 5; `null`: no results. */
export const issueSearch: SearchCase[] = [
  // "deep link" led with the section "The link is plain text"
  { corpus: 'docchat', query: 'deep link', expect: ['/widget/deep-links'] },
  { corpus: 'docchat', query: 'css variables', expect: ['/widget/theming'] },
  // three unrelated hits, while "kubernetes" alone found nothing
  { corpus: 'docchat', query: 'kubernetes helm chart', expect: null },
]

export const questionSet: QuestionCase[] = [
  // The kit's own docs: the misses observed in the demo first.
  q('docchat', 'What is DocChat?', '/introduction'),
  q('docchat', 'How do I support right-to-left?', '/widget/theming'),
  q(
    'docchat',
    'Show me TypeScript code to stream an answer with createDocsClient',
    '/core/streaming-and-threads',
    { code: true },
  ),
  q('docchat', 'What is the capital of France?', null, {
    after: 'Show me TypeScript code to stream an answer with createDocsClient',
  }),
  q(
    'docchat',
    'How do I add the widget to a static site with a script tag?',
    '/widget/drop-in-script',
    {
      code: true,
    },
  ),
  q('docchat', 'How do I make the widget follow the dark mode of my site?', '/widget/theming'),
  q('docchat', 'Why should the assistant key go through a proxy?', '/guides/proxying-keys'),
  q('docchat', 'Show me an Express server that proxies the assistant', '/guides/proxying-keys', {
    code: true,
  }),
  q('docchat', 'and with a Cloudflare Worker?', '/guides/proxying-keys', {
    after: 'How do I proxy the assistant key with a Next.js route handler?',
  }),
  q('docchat', 'How do I use useChat from AI SDK v5 with DocChat?', '/core/ai-sdk-v5-transport', {
    code: true,
  }),
  q('docchat', 'How can I inject latency or cut streams in the dev server?', '/dev-server/testing'),
  q('docchat', 'Why do I get a 404 on a follow-up question?', '/guides/troubleshooting'),
  q('docchat', 'Which errors are retried, and how long does the client wait?', '/core/errors'),
  q('docchat', 'How do I receive thumbs up and down feedback from readers?', '/widget/events'),
  q('docchat', 'Can screen reader users navigate the search dialog?', '/accessibility'),
  q(
    'docchat',
    'How do I attach the text a reader selected to their question?',
    '/react/context-capture',
  ),
  q(
    'docchat',
    'How do I make the dev server answer with a real language model?',
    '/dev-server/overview',
  ),
  q('docchat', 'Show me how to use the msw handlers in a test', '/dev-server/testing', {
    code: true,
  }),
  q('docchat', 'How do I keep the thread across page reloads?', '/core/streaming-and-threads'),
  q('docchat', 'How do I bake sourdough bread?', null),
  q('docchat', 'Who won the football World Cup in 2018?', null),
  q('docchat', "What's the weather like in Paris tomorrow?", null),

  // Mintlify's docs.
  q('mintlify', 'How do I add my own domain name to my docs?', '/customize/custom-domain'),
  // The editor's Redirects section answers it too: "Redirects send users from old URLs to new
  // ones, which is useful when you rename pages" (and links to /create/redirects).
  q('mintlify', 'How can I send visitors to the new URL after I rename a page?', [
    '/create/redirects',
    '/editor/configurations',
  ]),
  // "Format code" says it in one sentence: "To display several code blocks together as a set of
  // tabs, … wrap them in the CodeGroup component", next to its own CodeGroup example.
  q(
    'mintlify',
    'How do I show the same code example in several languages with tabs?',
    ['/components/code-groups', '/create/code'],
    { code: true },
  ),
  q(
    'mintlify',
    'How do I keep a page out of the sidebar but still reachable by URL?',
    '/organize/hidden-pages',
  ),
  q('mintlify', 'Set up single sign-on with Okta for the dashboard', '/dashboard/sso'),
  q(
    'mintlify',
    'How do I track visitors with Google Analytics?',
    '/integrations/analytics/google-analytics',
  ),
  q('mintlify', 'How do I move my docs over from Docusaurus?', '/migration/docusaurus'),
  q('mintlify', 'How do I change the typography and use my own font files?', '/customize/fonts'),
  q('mintlify', 'Show me the syntax of an accordion', '/components/accordions', { code: true }),
  q('mintlify', 'How do I publish release notes with an RSS feed?', '/create/changelogs'),
  q('mintlify', 'How do I install the Mintlify CLI?', ['/cli/install', '/cli', '/installation'], {
    code: true,
  }),
  q('mintlify', 'and how do I preview my site with it?', ['/cli/preview', '/cli'], {
    after: 'How do I install the Mintlify CLI?',
  }),
  q('mintlify', "What's a good recipe for banana bread?", null),
  q('mintlify', 'How tall is Mount Everest?', null),

  // Pipecat's docs.
  q('pipecat', 'What is Pipecat?', ['/overview/introduction', '/overview/pipecat']),
  q('pipecat', 'How do I configure voice activity detection?', [
    '/pipecat/learn/speech-input',
    '/api-reference/server/utilities/audio/silero-vad-analyzer',
  ]),
  q(
    'pipecat',
    'What happens when the user interrupts the bot?',
    '/pipecat/fundamentals/interruptions',
  ),
  q('pipecat', 'How do I record the conversation audio?', '/pipecat/fundamentals/recording-audio'),
  q('pipecat', 'How can a bot navigate an IVR phone menu?', [
    '/pipecat/fundamentals/ivr',
    '/api-reference/server/extensions/ivr',
  ]),
  q(
    'pipecat',
    'Show me Python code for Cartesia text-to-speech',
    '/api-reference/server/services/tts/cartesia',
    { code: true },
  ),
  q('pipecat', 'How do I store API keys as secrets in Pipecat Cloud?', [
    '/pipecat-cloud/fundamentals/secrets',
    '/api-reference/cli/cloud/secrets',
  ]),
  q(
    'pipecat',
    'How do I cache text-to-speech audio?',
    '/api-reference/server/services/tts/tts-cache',
  ),
  q(
    'pipecat',
    'Show me JavaScript code that creates a PipecatClient',
    '/api-reference/client/js/client-constructor',
    { code: true },
  ),
  q(
    'pipecat',
    'Which React hooks does the client SDK provide?',
    '/api-reference/client/react/hooks',
  ),
  q('pipecat', 'and for text-to-speech?', '/api-reference/server/services/tts/deepgram', {
    after: 'How do I use Deepgram speech-to-text?',
  }),
  q('pipecat', 'Who painted the Mona Lisa?', null),
  q('pipecat', 'How do I fix a flat bicycle tyre?', null, {
    after: 'Show me Python code for Cartesia text-to-speech',
  }),

  ...issueQuestions,
]
