// @vitest-environment node
import { createDocsClient } from '@docchat/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  AgentJobStatus,
  AssistantPanel,
  DocChatWidget,
  SearchModal,
  UpdateStatusBadge,
} from './index'

// Rendering never touches the network or `window`: effects do not run on the server.
const client = createDocsClient({ baseUrl: 'http://docchat.test', assistantKey: 'mint_dsc_ssr' })
const connection = { client, domain: 'docchat', projectId: 'docchat-project' }

describe('server rendering', () => {
  it('has no window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it.each([
    ['DocChatWidget', <DocChatWidget key="w" {...connection} starterQuestions={['Why?']} />],
    ['DocChatWidget open', <DocChatWidget key="o" {...connection} defaultOpen variant="modal" />],
    [
      'DocChatWidget search',
      <DocChatWidget key="s" {...connection} defaultOpen defaultView="search" />,
    ],
    ['AssistantPanel', <AssistantPanel key="a" {...connection} theme="dark" dir="rtl" />],
    ['SearchModal', <SearchModal key="m" {...connection} defaultOpen />],
    ['AgentJobStatus', <AgentJobStatus key="j" {...connection} jobId="job-1" />],
    [
      'UpdateStatusBadge',
      <UpdateStatusBadge key="u" {...connection} statusId="status-1" details />,
    ],
  ])('renders %s to a string', (_name, element) => {
    const html = renderToString(element)
    expect(html).toContain('docchat-root')
  })

  it('renders the trigger without a platform-specific shortcut hint (no hydration mismatch)', () => {
    const html = renderToString(<DocChatWidget {...connection} />)
    expect(html).toContain('docchat-trigger')
    expect(html).not.toMatch(/⌘|Ctrl/)
  })
})
