import { act, renderHook, waitFor } from '@testing-library/react'
import { createTestSetup, useAssistantChat } from './test/harness'

// A real 1×1 PNG.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const pdf = 'data:application/pdf;base64,JVBERi0xLjQKJcOkw7zDtsOfCg=='

interface SentMessage {
  role: string
  content: string
  experimental_attachments?: { name?: string; contentType?: string; url: string }[]
}

const sentMessages = (request: { body: unknown } | undefined): SentMessage[] =>
  (request?.body as { messages?: SentMessage[] } | undefined)?.messages ?? []

describe('useAssistantChat with attachments (against the dev server)', () => {
  it('sends experimental_attachments with the question, shows them in it, and stores them', async () => {
    const setup = await createTestSetup()
    const { result, unmount } = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    const attachments = [
      { name: 'shot.png', contentType: 'image/png', url: png },
      { name: 'guide.pdf', contentType: 'application/pdf', url: pdf },
    ]
    await act(() => result.current.send('What does this screenshot show?', { attachments }))
    await waitFor(() => expect(result.current.status).toBe('idle'), { timeout: 10_000 })
    expect(result.current.error).toBeUndefined()

    const sent = sentMessages(setup.requestsTo('/assistant/')[0])
    expect(sent[0]?.experimental_attachments).toEqual(attachments)
    expect(result.current.messages[0]?.experimental_attachments).toEqual(attachments)
    // The offline model names the files it was given.
    const answer = result.current.messages.at(-1)
    expect(answer?.role).toBe('assistant')
    expect(answer?.content).toContain('shot.png')

    // Asked again: the earlier files travel as name and type only; the screen keeps them.
    await act(() => result.current.send('And how do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'), { timeout: 10_000 })
    const second = sentMessages(setup.requestsTo('/assistant/').at(-1))
    expect(second[0]?.experimental_attachments).toEqual([
      { name: 'shot.png', contentType: 'image/png', url: '' },
      { name: 'guide.pdf', contentType: 'application/pdf', url: '' },
    ])
    expect(second.at(-1)?.experimental_attachments).toBeUndefined()
    expect(result.current.messages[0]?.experimental_attachments).toEqual(attachments)
    unmount()

    // A reload shows the question with its files (small enough for the storage bound).
    const again = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await waitFor(() => expect(again.result.current.messages).toHaveLength(4))
    expect(again.result.current.messages[0]?.experimental_attachments).toEqual(attachments)
  })

  it('a file the server refuses is a bad-request error naming the limit', async () => {
    const setup = await createTestSetup()
    const { result } = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await act(() =>
      result.current.send('What is this?', {
        attachments: [
          { name: 'page.html', contentType: 'text/html', url: 'data:text/html;base64,PGI+' },
        ],
      }),
    )
    await waitFor(() => expect(result.current.error).toBeDefined(), { timeout: 10_000 })
    expect(result.current.error?.status).toBe(400)
    expect(result.current.error?.message).toMatch(/not accepted/)
  })
})
