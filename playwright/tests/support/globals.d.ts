interface DocChatInstanceForTests {
  open(options?: { view?: 'assistant' | 'search' }): Promise<void>
  close(): Promise<void>
  ask(question: string, options?: { open?: boolean }): Promise<void>
  update(partial: Record<string, unknown>): Promise<void>
  reset(): Promise<void>
  destroy(): Promise<void>
}

interface Window {
  DocChat?: {
    init(options: Record<string, unknown>): Promise<DocChatInstanceForTests>
    ready: Promise<DocChatInstanceForTests | undefined>
  }
}
