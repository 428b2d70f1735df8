// @vitest-environment node
import { createDocsClient, type ThreadStore } from '@docchat/core'
import { useRef } from 'react'
import { renderToString } from 'react-dom/server'
import { DocChatProvider } from './provider'
import { useAgentJob } from './use-agent-job'
import { useAgentJobs } from './use-agent-jobs'
import { useAssistantChat } from './use-assistant-chat'
import { useCodeBlocks } from './use-code-blocks'
import { useDocsPage } from './use-docs-page'
import { useDocsSearch } from './use-docs-search'
import { useTextSelection } from './use-text-selection'
import { useTriggerUpdate } from './use-trigger-update'
import { useUpdateStatus } from './use-update-status'

function EveryHook() {
  const ref = useRef<HTMLDivElement>(null)
  const chat = useAssistantChat()
  const search = useDocsSearch('install')
  const page = useDocsPage('/quickstart')
  const jobs = useAgentJobs()
  const job = useAgentJob('job-1')
  const update = useUpdateStatus('status-1')
  const trigger = useTriggerUpdate()
  const selection = useTextSelection(ref)
  const blocks = useCodeBlocks(ref)
  return (
    <div ref={ref}>
      <p>
        chat:{chat.status}:{chat.messages.length}:{String(chat.thread)}
      </p>
      <p>search:{search.results.length}</p>
      <p>page:{page.status}</p>
      <p>
        jobs:{jobs.jobs.length}:{job.progress.total}
      </p>
      <p>
        update:{String(update.isTerminal)}:{trigger.status}
      </p>
      <p>
        selection:{selection.text}:{blocks.length}
      </p>
      <pre>
        <code>npm i</code>
      </pre>
    </div>
  )
}

describe('server rendering', () => {
  it('renders a consumer of every hook without window, storage or requests', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const requests: string[] = []
    const client = createDocsClient({
      baseUrl: 'http://docchat.test',
      assistantKey: 'mint_dsc_dev_local',
      adminKey: 'mint_dev_local',
      fetch: async (input) => {
        requests.push(String(input))
        return new Response('[]')
      },
    })
    const untouchable = new Proxy({} as ThreadStore, {
      get(_, property) {
        throw new Error(`thread store read during render: ${String(property)}`)
      },
    })
    const html = renderToString(
      <DocChatProvider
        client={client}
        domain="docchat"
        projectId="docchat-project"
        threadStore={untouchable}
      >
        <EveryHook />
      </DocChatProvider>,
    )
    expect(html).toContain('chat:<!-- -->idle<!-- -->:<!-- -->0')
    expect(html).toContain('search:<!-- -->0')
    expect(html).toContain('<code>npm i</code>')
    expect(requests).toEqual([])
  })
})
