/**
 * HELD-OUT question set for DocChat's offline assistant and search (issue 23).
 *
 * Written on 2026-11-26, before the ranking change of issue 23, by someone who had not seen the
 * ranking code (packages/dev-server/src/search and src/assistant were never opened, and no
 * question or query was run against the server or the index while writing it). Questions were
 * written from the docs alone, after reading them, in a reader's own words; every expected page
 * was read to check that it answers.
 *
 * FROZEN: never edit this file after the commit that adds it. A later change that edits it
 * invalidates the measurement. Tune on `dev-questions.ts` and `question-set.ts` instead; if a
 * corpus changes so that a case here becomes wrong, report it and write a new held-out set.
 *
 * Split: for docchat, mintlify and pipecat, each category (answerable, code, off-topic unrelated,
 * off-topic near-domain, follow-ups, search, no-result search) was shuffled with mulberry32 seeded
 * with 23 (Fisher-Yates, one generator per corpus) and its first half put here, the other half in
 * `dev-questions.ts`. Every cline case is here: cline is measured only, never tuned on.
 *
 * Counts (held-out): docchat, mintlify, pipecat each 12 answerable, 4 code, 4 off-topic (2 + 2),
 * 3 follow-ups, 6 search + 2 no-result search; cline 24 answerable, 8 code, 8 off-topic (4 + 4),
 * 6 follow-ups, 12 search + 3 no-result search.
 */
import type { MeasuredCorpus, QuestionCase, SearchCase } from './question-set'

export const heldOutAnswerable: QuestionCase<MeasuredCorpus>[] = [
  // docchat
  // Content-Security-Policy sections; the element follows the same strict-CSP rules
  {
    corpus: 'docchat',
    ask: 'Our site forbids inline styles and eval in its CSP. Will the widget still work?',
    expect: ['/widget/drop-in-script', '/guides/troubleshooting', '/widget/custom-element'],
  },
  // Limits: PNG, JPEG, GIF, WebP, PDF; SVG can carry script
  {
    corpus: 'docchat',
    ask: 'Which kinds of files can people attach to a question, and why are SVGs rejected?',
    expect: ['/widget/attachments'],
  },
  // the custom element works in any framework (v-if); the script needs no build step
  {
    corpus: 'docchat',
    ask: 'We build our site with Vue. Can we embed the assistant without pulling in React?',
    expect: ['/widget/custom-element', '/widget/drop-in-script'],
  },
  // Labels and translations; the `labels` option overrides every visible string
  {
    corpus: 'docchat',
    ask: "How do I translate the widget's buttons and placeholder into German?",
    expect: ['/widget/theming', '/widget/drop-in-script'],
  },
  // X-Thread-Id on every response, X-Thread-Key only when the thread is created
  {
    corpus: 'docchat',
    ask: 'Which response headers identify the conversation, and which one is only sent once?',
    expect: [
      '/how-it-works',
      '/core/streaming-and-threads',
      '/guides/troubleshooting',
      '/dev-server/overview',
    ],
  },
  // how many search results the assistant retrieves (default 5)
  {
    corpus: 'docchat',
    ask: 'What does the retrievalPageSize setting change?',
    expect: ['/how-it-works', '/react/hooks', '/core/streaming-and-threads'],
  },
  // "The answer appears all at once"; a proxy must stream the body through
  {
    corpus: 'docchat',
    ask: "Answers appear in one big chunk at the end instead of word by word. What's buffering them?",
    expect: ['/guides/troubleshooting', '/guides/proxying-keys'],
  },
  // docChatQueryKeys with invalidateQueries
  {
    corpus: 'docchat',
    ask: "How do I clear DocChat's cached search results from my TanStack Query client?",
    expect: ['/react/search-and-queries'],
  },
  // 150 ms by default; `debounceMs`
  {
    corpus: 'docchat',
    ask: 'How long after the last keystroke does search fire a request, and can I change it?',
    expect: ['/react/search-and-queries', '/how-it-works'],
  },
  // providers keyed by domain; the thread store `namespace`
  {
    corpus: 'docchat',
    ask: 'Two product docs on one page each have their own assistant. Will their conversations get mixed up?',
    expect: ['/react/hooks', '/core/streaming-and-threads'],
  },
  // Markdown `components={{ codeBlock }}`
  {
    corpus: 'docchat',
    ask: 'Can I swap in my own component for code blocks inside rendered answers?',
    expect: ['/headless/overview'],
  },
  // `starterQuestions`, up to three
  {
    corpus: 'docchat',
    ask: 'Can I show a few example questions in the empty chat so people know what to ask?',
    expect: ['/widget/drop-in-script', '/widget/components'],
  },
  // mintlify
  // Password-protect an individual preview
  {
    corpus: 'mintlify',
    ask: 'How do I give an outside contractor a password-protected preview link?',
    expect: ['/deploy/preview-deployments'],
  },
  // errors.404 title and description (page, docs.json references, editor)
  {
    corpus: 'mintlify',
    ask: "Can I change the wording on the page people see when a URL doesn't exist?",
    expect: [
      '/customize/custom-404-page',
      '/organize/settings-structure',
      '/organize/settings-reference',
      '/editor/configurations',
    ],
  },
  // hosted automatically at /llms.txt
  {
    corpus: 'mintlify',
    ask: 'Does Mintlify generate an llms.txt file for my site automatically?',
    expect: ['/ai/llmstxt', '/guides/geo', '/ai-native'],
  },
  // Tooltip component
  {
    corpus: 'mintlify',
    ask: 'How do I show a short definition when a reader hovers over an acronym?',
    expect: ['/components/tooltips'],
  },
  // Export all content
  {
    corpus: 'mintlify',
    ask: 'Is there a way to get all of our docs as a single PDF?',
    expect: ['/optimize/pdf-exports'],
  },
  // 23 on average
  {
    corpus: 'mintlify',
    ask: 'Roughly how many credits does one AI assistant reply cost?',
    expect: ['/credits'],
  },
  // Rollovers: up to 50%
  {
    corpus: 'mintlify',
    ask: 'Do leftover credits carry over to next month?',
    expect: ['/credits'],
  },
  // password, OAuth, JWT or private authentication
  {
    corpus: 'mintlify',
    ask: 'How can I lock the docs so only our customers can read them after logging in?',
    expect: ['/deploy/authentication-setup'],
  },
  // `public: true` in frontmatter
  {
    corpus: 'mintlify',
    ask: 'With login required, how do I leave the getting-started page open to everyone?',
    expect: ['/deploy/authentication-setup'],
  },
  // banner (type warning); documented in the docs.json references and the editor too
  {
    corpus: 'mintlify',
    ask: 'How do I show a site-wide notice about scheduled maintenance at the top of every page?',
    expect: [
      '/components/banner',
      '/organize/settings-structure',
      '/organize/settings-reference',
      '/editor/configurations',
    ],
  },
  // Deployment category covers custom domains; Actor field
  {
    corpus: 'mintlify',
    ask: 'Where can I find out who changed our custom domain setting?',
    expect: ['/dashboard/audit-logs'],
  },
  // contextual menu options chatgpt and claude
  {
    corpus: 'mintlify',
    ask: 'How can readers send the current page to ChatGPT or Claude with one click?',
    expect: ['/ai/contextual-menu', '/organize/settings-structure', '/editor/configurations'],
  },
  // pipecat
  // automatic context summarization
  {
    corpus: 'pipecat',
    ask: "Long calls eventually blow past the LLM's context window. How do I deal with that?",
    expect: [
      '/pipecat/fundamentals/context-summarization',
      '/api-reference/server/utilities/context-summarization',
    ],
  },
  // HIPAA controls and a BAA
  {
    corpus: 'pipecat',
    ask: 'Can I build a healthcare voice agent that handles patient data on Pipecat Cloud?',
    expect: ['/pipecat-cloud/security/hipaa'],
  },
  // SoundfileMixer as audio_out_mixer
  {
    corpus: 'pipecat',
    ask: "How do I play quiet office background noise under the bot's voice?",
    expect: ['/api-reference/server/utilities/audio/soundfile-mixer'],
  },
  // graceful vs immediate
  {
    corpus: 'pipecat',
    ask: "What's the difference between ending a pipeline with EndFrame and with CancelFrame?",
    expect: ['/pipecat/learn/pipeline-termination'],
  },
  // FirstSpeech / MuteUntilFirstBotComplete strategies
  {
    corpus: 'pipecat',
    ask: "How do I stop callers from cutting off the bot's opening greeting?",
    expect: [
      '/pipecat/fundamentals/user-input-muting',
      '/api-reference/server/utilities/turn-management/user-mute-strategies',
      '/pipecat/fundamentals/interruptions',
    ],
  },
  // When to Use Pipecat Flows
  {
    corpus: 'pipecat',
    ask: 'When is it worth using Pipecat Flows rather than one big system prompt?',
    expect: ['/pipecat-flows/introduction'],
  },
  // MCPClient
  {
    corpus: 'pipecat',
    ask: 'How do I give my bot tools that come from an MCP server?',
    expect: ['/api-reference/server/utilities/mcp/mcp'],
  },
  // DTMFAggregator
  {
    corpus: 'pipecat',
    ask: 'Callers type their account number on the phone keypad. How do I collect those digits?',
    expect: ['/api-reference/server/utilities/dtmf-aggregator'],
  },
  // ParallelPipeline
  {
    corpus: 'pipecat',
    ask: 'How do I run two branches of processing side by side on the same frames?',
    expect: ['/api-reference/server/pipeline/parallel-pipeline'],
  },
  // GitHub integration deploys on push; the Actions workflow runs on push to main
  {
    corpus: 'pipecat',
    ask: 'Can my agent redeploy automatically whenever I push to GitHub?',
    expect: [
      '/pipecat-cloud/guides/deploy-from-github',
      '/pipecat-cloud/guides/ci-with-github-actions',
    ],
  },
  // bot.py with a bot() entry point
  {
    corpus: 'pipecat',
    ask: 'What does my project need to contain to use the official Pipecat Cloud base image?',
    expect: ['/pipecat-cloud/fundamentals/agent-images'],
  },
  // Voice UI Kit
  {
    corpus: 'pipecat',
    ask: 'Is there a ready-made set of React components for a voice assistant UI?',
    expect: ['/client/voice-ui-kit'],
  },
  // cline
  // Restore Files (Restore Workspace Only in the IDE guide)
  {
    corpus: 'cline',
    ask: 'I let Cline refactor and it broke things. How do I roll the files back but keep our conversation?',
    expect: ['/core-workflows/checkpoints', '/usage/ide'],
  },
  // a separate shadow Git repository
  {
    corpus: 'cline',
    ask: "Do checkpoints add commits to my project's git history?",
    expect: ['/core-workflows/checkpoints', '/usage/ide'],
  },
  // Using Different Models for Each Mode
  {
    corpus: 'cline',
    ask: 'Can I use a stronger model for planning and a cheaper one for writing the code?',
    expect: ['/core-workflows/plan-and-act'],
  },
  // cannot modify files or execute commands
  {
    corpus: 'cline',
    ask: 'While in Plan mode, is Cline allowed to change files or run commands?',
    expect: ['/core-workflows/plan-and-act', '/usage/ide'],
  },
  // Execute safe commands
  {
    corpus: 'cline',
    ask: "I'm tired of approving every npm test run. Can Cline run safe commands on its own?",
    expect: ['/features/auto-approve'],
  },
  // remote configuration disables it
  {
    corpus: 'cline',
    ask: 'Can our admins stop everyone in the company from turning on YOLO mode?',
    expect: [
      '/enterprise-solutions/configuration/infrastructure-configuration/control-other-cline-features/yolo-mode',
    ],
  },
  // .clineignore patterns
  {
    corpus: 'cline',
    ask: 'How do I stop Cline from loading node_modules and build output into its context?',
    expect: ['/customization/clineignore'],
  },
  // Cursor Rules are detected automatically
  {
    corpus: 'cline',
    ask: 'We already have a .cursorrules file. Will Cline pick it up?',
    expect: ['/customization/cline-rules'],
  },
  // Memory Bank
  {
    corpus: 'cline',
    ask: 'How can Cline remember project details from one session to the next?',
    expect: ['/best-practices/memory-bank'],
  },
  // /smol, /newtask; update memory bank
  {
    corpus: 'cline',
    ask: 'My context is nearly full halfway through a task. How do I keep going without losing the thread?',
    expect: ['/core-workflows/using-commands', '/best-practices/memory-bank'],
  },
  // @ mentions
  {
    corpus: 'cline',
    ask: 'How do I point Cline at one specific file or a whole folder in my message?',
    expect: ['/core-workflows/working-with-files'],
  },
  // read-only; no MCP
  {
    corpus: 'cline',
    ask: 'Can subagents edit files or use MCP tools?',
    expect: ['/features/subagents'],
  },
  // disabled in multi-root mode
  {
    corpus: 'cline',
    ask: 'Do checkpoints still work if I open several project folders in one VS Code window?',
    expect: ['/features/multiroot-workspace'],
  },
  // skills load on demand; rules are always active
  {
    corpus: 'cline',
    ask: "What's the difference between a skill and a rule?",
    expect: ['/customization/skills'],
  },
  // .cline/skills/ committed to the project
  {
    corpus: 'cline',
    ask: 'Where do I put a skill so everyone on my team gets it from the repo?',
    expect: ['/customization/skills'],
  },
  // --json, one JSON object per line
  {
    corpus: 'cline',
    ask: 'How do I get machine-readable output from the Cline CLI for a script?',
    expect: ['/usage/cli-overview', '/cli/cli-reference'],
  },
  // cline mcp wizard
  {
    corpus: 'cline',
    ask: 'How do I add an MCP server from the terminal instead of editing JSON by hand?',
    expect: ['/mcp/mcp-overview'],
  },
  // $9.99/month
  {
    corpus: 'cline',
    ask: 'How much does ClinePass cost per month?',
    expect: [
      '/getting-started/clinepass',
      '/cline-overview',
      '/getting-started/free-models',
      '/getting-started/authorizing-with-cline',
    ],
  },
  // switch to ClinePass or usage billing
  {
    corpus: 'cline',
    ask: 'What can I do once my free model quota is used up?',
    expect: ['/getting-started/free-models'],
  },
  // Payment Required: insufficient credits
  {
    corpus: 'cline',
    ask: 'What does an HTTP 402 from the Cline API mean?',
    expect: ['/api/errors', '/api/getting-started'],
  },
  // WorkOS AuthKit
  {
    corpus: 'cline',
    ask: 'Which service does Cline Enterprise use to connect our identity provider for single sign-on?',
    expect: ['/enterprise-solutions/sso-setup', '/enterprise-solutions/onboarding'],
  },
  // anonymous, no code or file contents
  {
    corpus: 'cline',
    ask: "Does Cline's telemetry send my source code anywhere?",
    expect: [
      '/enterprise-solutions/monitoring/telemetry',
      '/enterprise-solutions/monitoring/overview',
    ],
  },
  // bind to 0.0.0.0
  {
    corpus: 'cline',
    ask: 'How can I open the Kanban board from my phone on the same Wi-Fi?',
    expect: ['/kanban/remote-access'],
  },
  // Generate, Explain, Improve cell
  {
    corpus: 'cline',
    ask: 'Can Cline help me edit Jupyter notebook cells?',
    expect: ['/features/jupyter-notebooks'],
  },
]

/** Code questions: `lang` is the info string of a fence on every expected page. */
export const heldOutCode: QuestionCase<MeasuredCorpus>[] = [
  // docchat
  // x-docchat-fault: cut-after
  {
    corpus: 'docchat',
    ask: 'Give me a curl command that makes the dev server cut the answer stream short',
    expect: ['/dev-server/testing'],
    code: true,
    lang: 'bash',
  },
  // readUIMessageStreamBatches
  {
    corpus: 'docchat',
    ask: 'How do I read the v2 SSE answer stream myself in TypeScript?',
    expect: ['/core/v2-endpoint'],
    code: true,
    lang: 'ts',
  },
  // data-assistant-param
  {
    corpus: 'docchat',
    ask: 'What HTML do I need on the script tag to rename the deep-link query parameter?',
    expect: ['/widget/deep-links'],
    code: true,
    lang: 'html',
  },
  // onEvent calling plausible()
  {
    corpus: 'docchat',
    ask: 'Show me JavaScript that sends widget events to Plausible',
    expect: ['/widget/events'],
    code: true,
    lang: 'js',
  },
  // mintlify
  // mermaid fence
  {
    corpus: 'mintlify',
    ask: 'How do I draw a flowchart in a page? Show me the Mermaid code',
    expect: ['/components/mermaid-diagrams'],
    code: true,
    lang: 'mermaid',
  },
  // Usage: curl -X POST …/v2/agent/{projectId}/job
  {
    corpus: 'mintlify',
    ask: 'Show me a curl request that starts an agent job through the API',
    expect: ['/api/agent/v2/create-agent-job'],
    code: true,
    lang: 'bash',
  },
  // useChat with DefaultChatTransport
  {
    corpus: 'mintlify',
    ask: 'Show me a React component in TSX that streams answers from the assistant API with useChat',
    expect: ['/api/assistant/create-assistant-message-v2'],
    code: true,
    lang: 'tsx',
  },
  // mintlify:user event and window.mintlify.user
  {
    corpus: 'mintlify',
    ask: "In a custom JavaScript file, how do I read the signed-in user once it's available?",
    expect: ['/customize/custom-scripts'],
    code: true,
    lang: 'js',
  },
  // pipecat
  // Dockerfile using uv
  {
    corpus: 'pipecat',
    ask: 'Give me a Dockerfile for a Pipecat Cloud agent that installs dependencies with uv',
    expect: ['/pipecat-cloud/fundamentals/agent-images'],
    code: true,
    lang: 'dockerfile',
  },
  // deploy.yml
  {
    corpus: 'pipecat',
    ask: 'Show me a GitHub Actions workflow that deploys to Pipecat Cloud on every push, in YAML',
    expect: ['/pipecat-cloud/guides/ci-with-github-actions'],
    code: true,
    lang: 'yml',
  },
  // TwiML Bin with <Stream>
  {
    corpus: 'pipecat',
    ask: 'What TwiML XML do I put on my Twilio number to stream calls to the bot?',
    expect: [
      '/pipecat/telephony/twilio-websockets',
      '/pipecat-cloud/guides/telephony/twilio-websocket',
    ],
    code: true,
    lang: 'xml',
  },
  // MetricsFrameLogger
  {
    corpus: 'pipecat',
    ask: 'Show me Python for a custom frame processor that logs some frames and passes everything along',
    expect: ['/pipecat/fundamentals/custom-frame-processor'],
    code: true,
    lang: 'python',
  },
  // cline
  // $env:https_proxy
  {
    corpus: 'cline',
    ask: 'Show me the PowerShell to set a proxy before running the Cline CLI',
    expect: ['/troubleshooting/networking-and-proxies'],
    code: true,
    lang: 'powershell',
  },
  // adapter = "cline_cli"
  {
    corpus: 'cline',
    ask: 'What Lua do I put in my Neovim config to use Cline through CodeCompanion?',
    expect: ['/usage/acp'],
    code: true,
    lang: 'lua',
  },
  // call_api_with_retry
  {
    corpus: 'cline',
    ask: 'Show me Python that retries Cline API calls with exponential backoff',
    expect: ['/api/errors'],
    code: true,
    lang: 'python',
  },
  // getCurrentTime tool
  {
    corpus: 'cline',
    ask: 'Show me TypeScript for a custom tool built with createTool and zod',
    expect: ['/sdk/guides/creating-custom-tools'],
    code: true,
    lang: 'typescript',
  },
  // cline-pr-review.yml
  {
    corpus: 'cline',
    ask: 'Give me a GitHub Actions workflow in YAML that has Cline review every pull request',
    expect: ['/cli/samples/github-pr-review'],
    code: true,
    lang: 'yaml',
  },
  // Docker Deployment
  {
    corpus: 'cline',
    ask: 'Show me a Dockerfile for running Cline Kanban in a container',
    expect: ['/kanban/remote-access'],
    code: true,
    lang: 'dockerfile',
  },
  // "type": "streamableHttp"
  {
    corpus: 'cline',
    ask: 'What JSON goes in the MCP settings to add a remote server over streamable HTTP?',
    expect: ['/mcp/mcp-overview'],
    code: true,
    lang: 'json',
  },
  // CLINE_COMMAND_PERMISSIONS
  {
    corpus: 'cline',
    ask: 'Show me a bash line that only lets the Cline CLI run npm and git commands',
    expect: ['/cli/cli-reference', '/usage/cli-overview'],
    code: true,
    lang: 'bash',
  },
]

/** Off-topic: per corpus, half plainly unrelated, half near the domain but not covered. */
export const heldOutOffTopic: QuestionCase<MeasuredCorpus>[] = [
  // docchat
  { corpus: 'docchat', ask: 'How many moons does Jupiter have?', expect: null },
  { corpus: 'docchat', ask: "What's a good marinade for grilled salmon?", expect: null },
  // Not covered: search is the Mintlify-compatible API or the dev server; Algolia is never mentioned
  { corpus: 'docchat', ask: 'Can DocChat use Algolia as its search backend?', expect: null },
  // Not covered: React DOM, Preact and custom elements only
  {
    corpus: 'docchat',
    ask: 'Does DocChat ship a React Native component for mobile apps?',
    expect: null,
  },
  // mintlify
  { corpus: 'mintlify', ask: "What's the boiling point of water at high altitude?", expect: null },
  { corpus: 'mintlify', ask: 'How do I knit a scarf as a beginner?', expect: null },
  // Not covered: Netlify is never mentioned (Cloudflare, Vercel, Route 53, reverse proxy are)
  { corpus: 'mintlify', ask: 'How do I deploy my Mintlify docs on Netlify?', expect: null },
  // Not covered: WordPress is never mentioned
  {
    corpus: 'mintlify',
    ask: 'Is there a WordPress plugin that embeds Mintlify docs?',
    expect: null,
  },
  // pipecat
  { corpus: 'pipecat', ask: "What's the best soil for repotting a succulent?", expect: null },
  { corpus: 'pipecat', ask: 'How far is Mars from Earth?', expect: null },
  // Not covered: Zoom is never mentioned
  {
    corpus: 'pipecat',
    ask: 'Can a Pipecat bot join a Zoom meeting as a participant?',
    expect: null,
  },
  // Not covered: Alexa is never mentioned
  {
    corpus: 'pipecat',
    ask: 'How do I connect my Pipecat bot to an Amazon Alexa skill?',
    expect: null,
  },
  // cline
  { corpus: 'cline', ask: 'How should I train for my first marathon?', expect: null },
  { corpus: 'cline', ask: "What's the population of Canada?", expect: null },
  {
    corpus: 'cline',
    ask: 'How do I descale an espresso machine?',
    expect: null,
    after: 'Show me TypeScript for a custom tool built with createTool and zod',
  },
  { corpus: 'cline', ask: 'What happens at the end of Hamlet?', expect: null },
  // Not covered: the editors named are VS Code and its forks, JetBrains, Zed, Neovim and Emacs (via ACP); never Xcode
  { corpus: 'cline', ask: 'Is there a Cline extension for Xcode?', expect: null },
  // Not covered: Sublime Text is never mentioned
  { corpus: 'cline', ask: 'Can I use Cline inside Sublime Text?', expect: null },
  // Not covered: refunds are never mentioned
  { corpus: 'cline', ask: 'How do I get a refund for my ClinePass subscription?', expect: null },
  // Not covered: students and discounts are never mentioned
  { corpus: 'cline', ask: 'Does Cline offer a student discount?', expect: null },
]

/** Follow-ups: `after` is asked first in the same thread. */
export const heldOutFollowUps: QuestionCase<MeasuredCorpus>[] = [
  // docchat
  // DOM events docchat-<type>
  {
    corpus: 'docchat',
    ask: 'and how do I listen for its events from my page?',
    expect: ['/widget/custom-element'],
    after: 'How do I add DocChat with just an HTML tag, no init() call?',
  },
  // deepLinks: { searchHash }
  {
    corpus: 'docchat',
    ask: 'can I rename that hash key?',
    expect: ['/widget/deep-links'],
    after: 'How do I link to the docs with search already open on a query?',
  },
  // Search combobox
  {
    corpus: 'docchat',
    ask: 'and with the unstyled headless parts instead?',
    expect: ['/headless/overview'],
    after: 'How do I build my own search box with the React hooks?',
  },
  // mintlify
  // Start Docs.bat tab
  {
    corpus: 'mintlify',
    ask: 'and on Windows?',
    expect: ['/deploy/export'],
    after: 'How do I open an offline export of our docs on a Mac?',
  },
  // Python tab of the JWT example
  {
    corpus: 'mintlify',
    ask: 'and the same thing in Python?',
    expect: ['/deploy/authentication-setup'],
    code: true,
    lang: 'python',
    after: 'Show me the TypeScript for signing the JWT in a custom login flow',
  },
  // Example nginx configuration
  {
    corpus: 'mintlify',
    ask: 'what about if we run nginx ourselves?',
    expect: ['/deploy/reverse-proxy'],
    after: 'How do I serve our docs at /docs on our main domain through Cloudflare?',
  },
  // pipecat
  // Gradle dependency
  {
    corpus: 'pipecat',
    ask: 'and on Android?',
    expect: ['/api-reference/client/android/overview'],
    after: 'How do I add the Pipecat client SDK to an iOS app?',
  },
  // Telnyx guides (self-hosted and Cloud)
  {
    corpus: 'pipecat',
    ask: 'what about Telnyx?',
    expect: [
      '/pipecat/telephony/telnyx-websockets',
      '/pipecat-cloud/guides/telephony/telnyx-websocket',
    ],
    after: 'How do I connect a Twilio phone number to my bot over WebSockets?',
  },
  // min-agents; the region walkthrough sets min_agents = 1
  {
    corpus: 'pipecat',
    ask: 'and keep one instance warm there at all times?',
    expect: ['/pipecat-cloud/fundamentals/scaling', '/pipecat-cloud/guides/regions'],
    after: 'How do I deploy my agent to the Frankfurt region?',
  },
  // cline
  // JetBrains tab
  {
    corpus: 'cline',
    ask: 'and in PyCharm?',
    expect: ['/getting-started/installing-cline'],
    after: 'How do I install Cline in VS Code?',
  },
  // Documents\Cline\Rules
  {
    corpus: 'cline',
    ask: 'and on Windows?',
    expect: ['/customization/cline-rules'],
    after: 'Where are global Cline rules stored on a Mac?',
  },
  // ~/.jetbrains/acp.json
  {
    corpus: 'cline',
    ask: "what about JetBrains' AI Assistant?",
    expect: ['/usage/acp'],
    after: 'How do I use Cline as the coding agent in the Zed editor?',
  },
  // LM Studio tab, port 1234
  {
    corpus: 'cline',
    ask: 'and if I use LM Studio?',
    expect: ['/running-models-locally/overview'],
    after: 'How do I point Cline at Ollama running on my laptop?',
  },
  // NODE_EXTRA_CA_CERTS
  {
    corpus: 'cline',
    ask: 'what if the proxy uses its own CA certificate?',
    expect: ['/troubleshooting/networking-and-proxies'],
    after: 'How do I make the Cline CLI go through our corporate HTTP proxy on Linux?',
  },
  // cline schedule pause
  {
    corpus: 'cline',
    ask: 'how do I pause it for a while?',
    expect: ['/cli/scheduling'],
    after: 'How do I run a Cline task automatically every weekday morning?',
  },
]

/** ⌘K queries: `expect` pages should each be in the top 5; `null`: no results at all. */
export const heldOutSearch: SearchCase<MeasuredCorpus>[] = [
  // docchat
  { corpus: 'docchat', query: 'deep link', expect: ['/widget/deep-links'] },
  { corpus: 'docchat', query: 'docchat-widget element', expect: ['/widget/custom-element'] },
  { corpus: 'docchat', query: 'right to left', expect: ['/widget/theming'] },
  { corpus: 'docchat', query: 'csp nonce', expect: ['/widget/drop-in-script'] },
  // "palette" is not in the docs
  { corpus: 'docchat', query: 'accent palette', expect: ['/widget/theming'] },
  { corpus: 'docchat', query: 'haultReason', expect: ['/react/agent-jobs-and-updates'] },
  { corpus: 'docchat', query: 'marmalade recipe', expect: null },
  { corpus: 'docchat', query: 'harpsichord', expect: null },
  // mintlify
  { corpus: 'mintlify', query: 'mintignore', expect: ['/organize/mintignore'] },
  { corpus: 'mintlify', query: 'reusable snippets', expect: ['/create/reusable-snippets'] },
  { corpus: 'mintlify', query: 'scim okta', expect: ['/dashboard/scim'] },
  { corpus: 'mintlify', query: 'preview password', expect: ['/deploy/preview-deployments'] },
  { corpus: 'mintlify', query: 'credits rollover', expect: ['/credits'] },
  { corpus: 'mintlify', query: 'audit logs', expect: ['/dashboard/audit-logs'] },
  { corpus: 'mintlify', query: 'harpsichord', expect: null },
  { corpus: 'mintlify', query: 'walrus', expect: null },
  // pipecat
  // "robocall" is not in the docs
  {
    corpus: 'pipecat',
    query: 'voicemail robocall',
    expect: ['/pipecat/fundamentals/voicemail', '/api-reference/server/extensions/voicemail'],
  },
  { corpus: 'pipecat', query: 'min agents', expect: ['/pipecat-cloud/fundamentals/scaling'] },
  {
    corpus: 'pipecat',
    query: 'user idle timeout',
    expect: ['/pipecat/fundamentals/detecting-user-idle'],
  },
  {
    corpus: 'pipecat',
    query: 'keypad digits',
    expect: ['/api-reference/server/utilities/dtmf-aggregator'],
  },
  { corpus: 'pipecat', query: 'frankfurt region', expect: ['/pipecat-cloud/guides/regions'] },
  {
    corpus: 'pipecat',
    query: 'ParallelPipeline',
    expect: ['/api-reference/server/pipeline/parallel-pipeline'],
  },
  { corpus: 'pipecat', query: 'saxophone', expect: null },
  { corpus: 'pipecat', query: 'origami', expect: null },
  // cline
  // "savepoint" is not in the docs
  { corpus: 'cline', query: 'restore savepoint', expect: ['/core-workflows/checkpoints'] },
  {
    corpus: 'cline',
    query: 'yolo',
    expect: [
      '/features/auto-approve',
      '/enterprise-solutions/configuration/infrastructure-configuration/control-other-cline-features/yolo-mode',
    ],
  },
  { corpus: 'cline', query: 'clineignore', expect: ['/customization/clineignore'] },
  { corpus: 'cline', query: 'memory bank', expect: ['/best-practices/memory-bank'] },
  {
    corpus: 'cline',
    query: 'deep planning',
    expect: ['/core-workflows/using-commands', '/core-workflows/plan-and-act'],
  },
  { corpus: 'cline', query: 'subagents', expect: ['/features/subagents'] },
  { corpus: 'cline', query: 'jupyter', expect: ['/features/jupyter-notebooks'] },
  {
    corpus: 'cline',
    query: 'proxy certificate',
    expect: ['/troubleshooting/networking-and-proxies'],
  },
  { corpus: 'cline', query: 'cron', expect: ['/cli/scheduling'] },
  { corpus: 'cline', query: 'zed neovim', expect: ['/usage/acp'] },
  { corpus: 'cline', query: 'createTool', expect: ['/sdk/guides/creating-custom-tools'] },
  { corpus: 'cline', query: 'clinepass price', expect: ['/getting-started/clinepass'] },
  { corpus: 'cline', query: 'saxophone', expect: null },
  { corpus: 'cline', query: 'marmalade', expect: null },
  { corpus: 'cline', query: 'harpsichord', expect: null },
]

/** Every question case of this file, for measuring. */
export const heldOutQuestions: QuestionCase<MeasuredCorpus>[] = [
  ...heldOutAnswerable,
  ...heldOutCode,
  ...heldOutOffTopic,
  ...heldOutFollowUps,
]
