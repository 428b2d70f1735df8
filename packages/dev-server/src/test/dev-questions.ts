/**
 * Extra DEVELOPMENT questions for DocChat's offline assistant and search (issue 23). Tuning the
 * ranking on these (and on `question-set.ts`) is allowed; measure on `held-out-questions.ts`.
 *
 * Written on 2026-11-26 together with the held-out set, the same way: from the docs alone, by
 * someone who had not seen the ranking code. These are the other halves of the seeded split
 * described in `held-out-questions.ts` (docchat, mintlify and pipecat only: cline is never tuned on,
 * and the `Corpus` type of these cases excludes it).
 *
 * Counts: docchat, mintlify, pipecat each 12 answerable, 4 code, 4 off-topic (2 + 2), 3 follow-ups,
 * 6 search + 2 no-result search.
 */
import type { QuestionCase, SearchCase } from './question-set'

export const devAnswerable: QuestionCase[] = [
  // docchat
  // `shortcuts`: `false` disables one or both
  {
    corpus: 'docchat',
    ask: 'How do I turn off the keyboard shortcut that opens search but keep the one for the assistant?',
    expect: ['/widget/drop-in-script'],
  },
  // shortcuts never fire while typing in an input or contenteditable
  {
    corpus: 'docchat',
    ask: 'Will Ctrl+I still make text italic in my rich-text editor once DocChat is on the page?',
    expect: ['/accessibility', '/headless/overview'],
  },
  // Lazy loading: docchat.js + docchat-panel.js, 59.5 KB gzip
  {
    corpus: 'docchat',
    ask: 'How much JavaScript does a visitor download before they can ask their first question?',
    expect: ['/widget/drop-in-script'],
  },
  // localStorage on your origin, never sent to the API
  {
    corpus: 'docchat',
    ask: "Are readers' old chats saved somewhere, and does that history get uploaded to the API?",
    expect: ['/widget/conversations'],
  },
  // ?assistant=<question>
  {
    corpus: 'docchat',
    ask: 'How can I share a URL that opens the assistant and asks a question automatically?',
    expect: ['/widget/deep-links'],
  },
  // the `variant` option and prop
  {
    corpus: 'docchat',
    ask: "What's the practical difference between the panel, modal and sidebar layouts?",
    expect: ['/widget/drop-in-script', '/widget/components'],
  },
  // markNotFound and the "not found" state
  {
    corpus: 'docchat',
    ask: 'What does the assistant do when the documentation simply has no answer?',
    expect: ['/how-it-works', '/widget/components', '/dev-server/overview'],
  },
  // never: createDocsClient throws in a browser without dangerouslyAllowBrowser
  {
    corpus: 'docchat',
    ask: 'Is it OK to put the admin key in my frontend bundle?',
    expect: [
      '/guides/proxying-keys',
      '/core/client',
      '/react/agent-jobs-and-updates',
      '/widget/components',
    ],
  },
  // the API spells it that way; haultReason values listed
  {
    corpus: 'docchat',
    ask: "Why is it spelled 'haulted' on agent jobs, and what values can the stop reason take?",
    expect: ['/react/agent-jobs-and-updates'],
  },
  // `--speed` flag and `speed` option
  {
    corpus: 'docchat',
    ask: 'For a demo, how can I make agent jobs and deployments on the dev server progress quicker?',
    expect: ['/dev-server/overview', '/dev-server/testing'],
  },
  // 413; maxBodyBytes
  {
    corpus: 'docchat',
    ask: 'What status code does the dev server send back for an oversized request body?',
    expect: ['/dev-server/testing'],
  },
  // `trigger: false` / `showTrigger={false}` and `open()`
  {
    corpus: 'docchat',
    ask: "I want my own 'Help' button to open the assistant and hide the floating one. How?",
    expect: ['/widget/drop-in-script', '/widget/components', '/widget/custom-element'],
  },
  // mintlify
  // permissions table
  {
    corpus: 'mintlify',
    ask: 'What can someone with the viewer role actually do in the dashboard?',
    expect: ['/dashboard/roles'],
  },
  // Revoke a member's credentials
  {
    corpus: 'mintlify',
    ask: "A teammate's laptop was stolen. How do I kill their sessions and API keys but keep them in the org?",
    expect: ['/dashboard/roles'],
  },
  // preview URL per pull request
  {
    corpus: 'mintlify',
    ask: 'Can reviewers look at my doc changes on a live site before the pull request is merged?',
    expect: ['/deploy/preview-deployments'],
  },
  // .mintignore
  {
    corpus: 'mintlify',
    ask: 'How do I keep a folder of drafts in the repo without it ever being published?',
    expect: ['/organize/mintignore'],
  },
  // snippets
  {
    corpus: 'mintlify',
    ask: 'I paste the same warning paragraph into a dozen pages. Is there a way to write it once and reuse it?',
    expect: ['/create/reusable-snippets'],
  },
  // broken links CI check at Blocking level
  {
    corpus: 'mintlify',
    ask: 'Can a pull request be marked as failing when it introduces broken internal links?',
    expect: ['/deploy/ci'],
  },
  // Thumbs rating add-on; the editor's Feedback setting
  {
    corpus: 'mintlify',
    ask: 'How do I let readers rate a page with a thumbs up or down?',
    expect: ['/optimize/feedback', '/editor/configurations'],
  },
  // {user.firstName} in MDX
  {
    corpus: 'mintlify',
    ask: "Can a page say 'Welcome back, Jane' using data about the signed-in reader?",
    expect: ['/create/personalization'],
  },
  // "docs.json is in a subdirectory" toggle
  {
    corpus: 'mintlify',
    ask: 'Our docs sit in a subdirectory of a big monorepo. How do I deploy from just that folder?',
    expect: ['/deploy/monorepo'],
  },
  // Deflect to a support link
  {
    corpus: 'mintlify',
    ask: "When the AI assistant can't answer, can it point people to our support portal instead?",
    expect: ['/assistant/configure'],
  },
  // Bot protection (invisible captcha)
  {
    corpus: 'mintlify',
    ask: 'How do I protect the assistant from automated abuse?',
    expect: ['/assistant/configure'],
  },
  // SCIM with Okta; SSO JIT provisioning
  {
    corpus: 'mintlify',
    ask: 'How do I provision dashboard users automatically from Okta?',
    expect: ['/dashboard/scim', '/dashboard/sso'],
  },
  // pipecat
  // VoicemailDetector guide and reference
  {
    corpus: 'pipecat',
    ask: 'On an outbound call, how can the bot tell whether a human or an answering machine picked up?',
    expect: ['/pipecat/fundamentals/voicemail', '/api-reference/server/extensions/voicemail'],
  },
  // turn events with the full transcript
  {
    corpus: 'pipecat',
    ask: 'How do I keep a written record of everything the user and the bot said?',
    expect: [
      '/pipecat/fundamentals/saving-transcripts',
      '/api-reference/server/utilities/turn-management/transcriptions',
    ],
  },
  // enable_metrics: TTFB
  {
    corpus: 'pipecat',
    ask: 'How can I see how long each service takes before it starts responding?',
    expect: ['/pipecat/fundamentals/metrics'],
  },
  // one active session per instance
  {
    corpus: 'pipecat',
    ask: 'How many conversations can a single Pipecat Cloud instance run at the same time?',
    expect: ['/pipecat-cloud/fundamentals/scaling', '/pipecat-cloud/fundamentals/active-sessions'],
  },
  // us-west, us-east, eu-central, ap-south
  {
    corpus: 'pipecat',
    ask: 'Which geographic regions can I deploy my agent to?',
    expect: ['/pipecat-cloud/guides/regions', '/api-reference/cli/cloud/regions'],
  },
  // Maximum Call Duration
  {
    corpus: 'pipecat',
    ask: 'How do I limit calls to five minutes but still let the bot say goodbye?',
    expect: ['/pipecat/learn/pipeline-termination'],
  },
  // Pipecat Evals
  {
    corpus: 'pipecat',
    ask: 'How can I test that my agent still behaves correctly after I change the prompt?',
    expect: ['/pipecat/evals/overview'],
  },
  // DebugLogObserver
  {
    corpus: 'pipecat',
    ask: 'How can I print every frame that flows through my pipeline while debugging?',
    expect: ['/api-reference/server/utilities/observers/debug-observer'],
  },
  // OpenTelemetry tracing, Jaeger collector
  {
    corpus: 'pipecat',
    ask: "How do I send traces of my bot's turns to Jaeger?",
    expect: ['/api-reference/server/utilities/opentelemetry'],
  },
  // cross-session memory services
  {
    corpus: 'pipecat',
    ask: 'Can the bot remember things a caller told it in an earlier call?',
    expect: [
      '/api-reference/server/services/memory/mem0',
      '/api-reference/server/services/memory/synap',
    ],
  },
  // ServiceSwitcherStrategyFailover
  {
    corpus: 'pipecat',
    ask: 'If my speech-to-text provider starts failing, can Pipecat switch to a backup automatically?',
    expect: ['/api-reference/server/utilities/service-switchers/service-switcher'],
  },
  // cold and warm transfers
  {
    corpus: 'pipecat',
    ask: 'How do I hand a phone caller over to a human agent?',
    expect: ['/pipecat/telephony/daily-pstn', '/pipecat/deployment/telephony-in-production'],
  },
]

/** Code questions: `lang` is the info string of a fence on every expected page. */
export const devCode: QuestionCase[] = [
  // docchat
  // --docchat-panel-width and --docchat-primary-color
  {
    corpus: 'docchat',
    ask: 'Show me the CSS to make the widget panel wider and use our brand colour',
    expect: ['/widget/theming'],
    code: true,
    lang: 'css',
  },
  // useAttachments composer
  {
    corpus: 'docchat',
    ask: 'Show me a React composer in TSX that lets people drop files onto it',
    expect: ['/widget/attachments'],
    code: true,
    lang: 'tsx',
  },
  // switch on DocsApiError.kind
  {
    corpus: 'docchat',
    ask: 'Show me TypeScript that tells a rate-limit error apart from a bad key',
    expect: ['/core/errors'],
    code: true,
    lang: 'ts',
  },
  // conversationToMarkdown
  {
    corpus: 'docchat',
    ask: 'How do I turn a saved conversation into Markdown without React? TypeScript please',
    expect: ['/widget/conversations'],
    code: true,
    lang: 'ts',
  },
  // mintlify
  // JWT example (jose, EdDSA)
  {
    corpus: 'mintlify',
    ask: 'Show me the TypeScript for signing the JWT in a custom login flow',
    expect: ['/deploy/authentication-setup'],
    code: true,
    lang: 'ts',
  },
  // Configure routing script
  {
    corpus: 'mintlify',
    ask: 'Give me the Cloudflare Worker JavaScript that proxies /docs to Mintlify',
    expect: ['/deploy/cloudflare'],
    code: true,
    lang: 'javascript',
  },
  // integrations.intercom.appId
  {
    corpus: 'mintlify',
    ask: 'What JSON do I add to docs.json to get the Intercom chat bubble?',
    expect: ['/integrations/support/intercom'],
    code: true,
    lang: 'json',
  },
  // x-codeSamples
  {
    corpus: 'mintlify',
    ask: 'Show me the OpenAPI YAML for attaching SDK code samples to an endpoint',
    expect: ['/api-playground/adding-sdk-examples'],
    code: true,
    lang: 'yaml',
  },
  // pipecat
  // get_current_weather direct function
  {
    corpus: 'pipecat',
    ask: 'Show me Python that gives the LLM a function to look up the weather',
    expect: ['/pipecat/learn/function-calling'],
    code: true,
    lang: 'python',
  },
  // startBotAndConnect
  {
    corpus: 'pipecat',
    ask: 'Show me the Swift to start a bot session from an iOS app',
    expect: ['/api-reference/client/ios/overview'],
    code: true,
    lang: 'swift',
  },
  // onUserMuteStarted / onUserMuteStopped
  {
    corpus: 'pipecat',
    ask: "With the JavaScript client, how do I show that the bot isn't listening while the user is muted? TypeScript is fine",
    expect: ['/pipecat/fundamentals/user-input-muting'],
    code: true,
    lang: 'typescript',
  },
  // role_message and task_messages
  {
    corpus: 'pipecat',
    ask: "Show me in Python how a Pipecat Flows node sets the bot's role and its current task",
    expect: ['/pipecat-flows/guides/nodes-and-messages'],
    code: true,
    lang: 'python',
  },
]

/** Off-topic: per corpus, half plainly unrelated, half near the domain but not covered. */
export const devOffTopic: QuestionCase[] = [
  // docchat
  {
    corpus: 'docchat',
    ask: 'Who wrote Pride and Prejudice?',
    expect: null,
    after: 'Show me TypeScript that tells a rate-limit error apart from a bad key',
  },
  { corpus: 'docchat', ask: 'How do I change the oil in my car?', expect: null },
  // Not covered: only @docchat/core (TypeScript); Python is never mentioned
  { corpus: 'docchat', ask: 'Is there an official Python client for DocChat?', expect: null },
  // Not covered: no voice or speech input anywhere
  {
    corpus: 'docchat',
    ask: 'Can readers ask the assistant questions out loud with their microphone?',
    expect: null,
  },
  // mintlify
  {
    corpus: 'mintlify',
    ask: 'Who was the first person to walk on the moon?',
    expect: null,
    after: 'Give me the Cloudflare Worker JavaScript that proxies /docs to Mintlify',
  },
  { corpus: 'mintlify', ask: 'What exercises help with lower back pain?', expect: null },
  // Not covered: AsciiDoc is never mentioned
  { corpus: 'mintlify', ask: 'Can I write my pages in AsciiDoc instead of MDX?', expect: null },
  // Not covered: the Git providers are GitHub, GitHub Enterprise Server, GitLab and Bitbucket Cloud; never Azure DevOps
  {
    corpus: 'mintlify',
    ask: 'How do I connect an Azure DevOps repository to Mintlify?',
    expect: null,
  },
  // pipecat
  {
    corpus: 'pipecat',
    ask: 'Can you recommend a good thriller novel?',
    expect: null,
    after: 'Show me Python that gives the LLM a function to look up the weather',
  },
  { corpus: 'pipecat', ask: 'How do I make cold brew coffee at home?', expect: null },
  // Not covered: client SDKs: JS, React, React Native, iOS, Android, C++; no Flutter
  { corpus: 'pipecat', ask: 'Is there a Flutter SDK for building Pipecat clients?', expect: null },
  // Not covered: Vue is never mentioned
  {
    corpus: 'pipecat',
    ask: 'Are there Vue components for the Pipecat client, like the React ones?',
    expect: null,
  },
]

/** Follow-ups: `after` is asked first in the same thread. */
export const devFollowUps: QuestionCase[] = [
  // docchat
  // 5 MB per file, 10 MB per question
  {
    corpus: 'docchat',
    ask: 'how big can each file be?',
    expect: ['/widget/attachments'],
    after: 'How do I let readers attach screenshots to their questions?',
  },
  // client.triggerUpdate + waitForUpdateStatus ("Without React" section; Polling)
  {
    corpus: 'docchat',
    ask: 'and without React?',
    expect: ['/react/agent-jobs-and-updates', '/core/client'],
    after: 'How do I trigger a docs deployment and watch it from a React component?',
  },
  // DOCCHAT_MODEL defaults to gpt-4o-mini
  {
    corpus: 'docchat',
    ask: "which model does it use if I don't set one?",
    expect: ['/dev-server/overview'],
    after: 'How do I run the dev server with a local model through Ollama?',
  },
  // mintlify
  // Disconnect the agent
  {
    corpus: 'mintlify',
    ask: 'how do I remove it again later?',
    expect: ['/agent/slack'],
    after: 'How do I add the Mintlify agent to our Slack workspace?',
  },
  // Bitbucket Cloud setup
  {
    corpus: 'mintlify',
    ask: 'and Bitbucket?',
    expect: ['/deploy/bitbucket'],
    after: 'How do I connect a GitLab repository to Mintlify?',
  },
  // integrations.plausible
  {
    corpus: 'mintlify',
    ask: 'what about Plausible?',
    expect: [
      '/integrations/analytics/plausible',
      '/organize/settings-integrations',
      '/organize/settings-reference',
    ],
    after: 'How do I send analytics from my docs to PostHog?',
  },
  // pipecat
  // retry logic ending with EndWorkerFrame
  {
    corpus: 'pipecat',
    ask: 'and hang up after a couple of tries?',
    expect: ['/pipecat/fundamentals/detecting-user-idle'],
    after: 'How do I make the bot check in when the caller goes quiet?',
  },
  // ollama pull
  {
    corpus: 'pipecat',
    ask: 'how do I download a model for it?',
    expect: ['/api-reference/server/services/llm/ollama'],
    after: 'Can I run the LLM locally instead of calling a cloud API?',
  },
  // KrispVivaFilter and the Krisp guide
  {
    corpus: 'pipecat',
    ask: 'and with Krisp instead?',
    expect: [
      '/api-reference/server/services/audio-filters/krisp-viva-filter',
      '/pipecat/features/krisp-viva',
    ],
    after: 'How do I filter background noise without paying for an API?',
  },
]

/** ⌘K queries: `expect` pages should each be in the top 5; `null`: no results at all. */
export const devSearch: SearchCase[] = [
  // docchat
  { corpus: 'docchat', query: 'paperclip', expect: ['/widget/attachments'] },
  { corpus: 'docchat', query: 'thumbs down', expect: ['/widget/events'] },
  { corpus: 'docchat', query: 'useDocsSearch', expect: ['/react/search-and-queries'] },
  { corpus: 'docchat', query: 'download markdown', expect: ['/widget/conversations'] },
  { corpus: 'docchat', query: 'x-docchat-fault', expect: ['/dev-server/testing'] },
  { corpus: 'docchat', query: 'ollama', expect: ['/dev-server/overview'] },
  { corpus: 'docchat', query: 'saxophone', expect: null },
  { corpus: 'docchat', query: 'walrus kayak', expect: null },
  // mintlify
  { corpus: 'mintlify', query: 'llms.txt', expect: ['/ai/llmstxt'] },
  { corpus: 'mintlify', query: 'vale linter', expect: ['/deploy/ci'] },
  { corpus: 'mintlify', query: 'mermaid', expect: ['/components/mermaid-diagrams'] },
  { corpus: 'mintlify', query: 'posthog', expect: ['/integrations/analytics/posthog'] },
  { corpus: 'mintlify', query: 'maintenance banner', expect: ['/components/banner'] },
  // "hovercard" is not in the docs
  { corpus: 'mintlify', query: 'tooltip hovercard', expect: ['/components/tooltips'] },
  { corpus: 'mintlify', query: 'zucchini', expect: null },
  { corpus: 'mintlify', query: 'origami crane', expect: null },
  // pipecat
  {
    corpus: 'pipecat',
    query: 'SoundfileMixer',
    expect: ['/api-reference/server/utilities/audio/soundfile-mixer'],
  },
  { corpus: 'pipecat', query: 'hipaa', expect: ['/pipecat-cloud/security/hipaa'] },
  {
    corpus: 'pipecat',
    query: 'rnnoise',
    expect: ['/api-reference/server/services/audio-filters/rnnoise-filter'],
  },
  { corpus: 'pipecat', query: 'ollama', expect: ['/api-reference/server/services/llm/ollama'] },
  { corpus: 'pipecat', query: 'mem0', expect: ['/api-reference/server/services/memory/mem0'] },
  {
    corpus: 'pipecat',
    query: 'jaeger tracing',
    expect: ['/api-reference/server/utilities/opentelemetry'],
  },
  { corpus: 'pipecat', query: 'marmalade', expect: null },
  { corpus: 'pipecat', query: 'glacier hiking', expect: null },
]

/** Every question case of this file, for measuring. */
export const devQuestions: QuestionCase[] = [
  ...devAnswerable,
  ...devCode,
  ...devOffTopic,
  ...devFollowUps,
]
