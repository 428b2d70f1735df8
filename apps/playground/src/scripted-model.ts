/**
 * A scripted language model for the dev server's LLM mode: it searches the docs like a real model,
 * then streams a fixed, long Markdown answer with several code blocks. The offline model only
 * extracts short answers, and a real LLM would need the network, so the "long answer" stories use
 * this to get the same stream an LLM produces, deterministically.
 */
import type { DevServerOptions, OpenAICompatibleSettings } from '@docchat/dev-server'

type LanguageModel = Exclude<NonNullable<DevServerOptions['llm']>, OpenAICompatibleSettings>
type CallOptions = Parameters<LanguageModel['doStream']>[0]
type StreamPart =
  Awaited<ReturnType<LanguageModel['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never

const fence = '```'

export const longAnswer = `Theming the widget takes three steps: import the stylesheet once, pick a theme, then override the \`--docchat-*\` custom properties you care about [1](/widget/theming).

## 1. Install and import the styles

The React components render into your page's DOM, so the stylesheet is imported once at the root of your app [2](/widget/components):

${fence}bash
npm install @docchat/core @docchat/react @docchat/widget
${fence}

${fence}tsx
import '@docchat/widget/styles.css'
import { createDocsClient } from '@docchat/core'
import { DocChatWidget } from '@docchat/widget'

const client = createDocsClient({ baseUrl: '/api/docchat' })

export function Docs() {
  return (
    <DocChatWidget
      client={client}
      domain="docchat"
      theme="system"
      accent="#4f46e5"
      radius={12}
      starterQuestions={['How do I install it?', 'Can I theme it?']}
    />
  )
}
${fence}

## 2. Choose light, dark or system

\`theme: 'system'\` follows \`prefers-color-scheme\`; \`'light'\` and \`'dark'\` force one. The **accent** colours buttons, links and focus rings, and **radius** rounds every surface [1](/widget/theming).

| option | values | default |
| --- | --- | --- |
| \`theme\` | \`light\`, \`dark\`, \`system\` | \`system\` |
| \`accent\` | any CSS colour | indigo |
| \`radius\` | CSS length or pixels | \`12px\` |
| \`font\` | a font stack | system UI |

## 3. Override custom properties

Every colour and size is a custom property on \`.docchat-root\`, so a few lines of CSS restyle it without touching the components [1](/widget/theming):

${fence}css
.docchat-root {
  --docchat-primary-color: #0f766e;
  --docchat-radius: 6px;
  --docchat-font: 'Inter', system-ui, sans-serif;
}

.docchat-root[data-theme='dark'] {
  --docchat-primary-color: #5eead4;
}
${fence}

With the drop-in script the same options go to \`init\`, and the widget keeps its styles inside a Shadow DOM so your site's CSS never leaks in [3](/widget/drop-in-script):

${fence}js
await window.DocChat.init({
  domain: 'docchat',
  proxyUrl: '/api/docchat',
  theme: 'dark',
  accent: '#0f766e',
  labels: { trigger: 'Ask the docs' },
})
${fence}

> Every visible string can be changed with \`labels\`, and \`dir: 'rtl'\` mirrors the layout for right-to-left languages.

${fence}suggestions
(Theming)[/widget/theming]
(Widget components)[/widget/components]
(Drop-in script)[/widget/drop-in-script]
${fence}
`

/** Splits text into small deltas, the way a model streams tokens. */
function deltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [text]
}

function hasToolResult(prompt: CallOptions['prompt']): boolean {
  let lastUser = -1
  prompt.forEach((message, i) => {
    if (message.role === 'user') lastUser = i
  })
  return prompt.slice(lastUser + 1).some((message) => message.role === 'tool')
}

export function createScriptedModel(answer = longAnswer): LanguageModel {
  let calls = 0
  const parts = (call: CallOptions): StreamPart[] => {
    const usage = { promptTokens: 100, completionTokens: 10 }
    if (!hasToolResult(call.prompt)) {
      return [
        {
          type: 'tool-call',
          toolCallType: 'function',
          toolCallId: `call_scripted_${++calls}`,
          toolName: 'search',
          args: JSON.stringify({ query: 'widget theming styles' }),
        },
        { type: 'finish', finishReason: 'tool-calls', usage },
      ]
    }
    return [
      ...deltas(answer).map((textDelta) => ({ type: 'text-delta' as const, textDelta })),
      { type: 'finish', finishReason: 'stop', usage },
    ]
  }
  return {
    specificationVersion: 'v1',
    provider: 'docchat-playground',
    modelId: 'scripted-long-answer',
    defaultObjectGenerationMode: undefined,
    async doGenerate() {
      throw new Error('The scripted model only streams')
    },
    async doStream(call) {
      const stream = new ReadableStream<StreamPart>({
        start(controller) {
          for (const part of parts(call)) controller.enqueue(part)
          controller.close()
        },
      })
      return { stream, rawCall: { rawPrompt: call.prompt, rawSettings: {} } }
    },
  }
}
