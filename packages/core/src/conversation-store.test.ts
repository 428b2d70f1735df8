import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { createConversationStore, conversationTitle } from './conversation-store'
import { QuotaStorage } from './test/harness'
import { createThreadStore } from './thread-store'
import type { DocsWarning } from './warnings'

let idCount = 0
function turn(question: string, answer = `Answer to ${question}`) {
  idCount++
  return [
    {
      id: `q${idCount}`,
      role: 'user',
      content: question,
      parts: [{ type: 'text', text: question }],
    },
    {
      id: `a${idCount}`,
      role: 'assistant',
      content: answer,
      parts: [{ type: 'text', text: answer }],
    },
  ]
}

const key = 'docchat:default@https://api.mintlify.com:conversations:docs.example.com'

describe('createConversationStore', () => {
  it('warns about a conversation it cannot serialise and stores the others', () => {
    const warnings: DocsWarning[] = []
    const store = createConversationStore({
      storage: new QuotaStorage(),
      onWarning: (w) => warnings.push(w),
    })
    store.save('docs.example.com', { messages: turn('Kept') })
    const cyclic: Record<string, unknown> = { id: 'c', role: 'user', content: 'Cyclic' }
    cyclic.parts = [{ type: 'text', text: 'Cyclic', self: cyclic }]
    store.save('docs.example.com', { messages: [cyclic] })
    expect(warnings.map((w) => w.message)).toContain(
      'A conversation could not be serialised and was not stored',
    )
    expect(store.list('docs.example.com').map((c) => c.title)).toContain('Kept')
  })

  it('keeps conversations per domain, newest first, with title, time and thread', () => {
    const storage = new QuotaStorage()
    const store = createConversationStore({ storage })
    const first = turn('  How do I\n install   the CLI?  ')
    const second = turn('What is a thread?')
    store.save('docs.example.com', {
      messages: first,
      thread: { threadId: 't1', threadKey: 'k1' },
      updatedAt: 1000,
    })
    store.save('docs.example.com', { messages: second, updatedAt: 2000 })
    store.save('other.example.com', { messages: turn('Elsewhere') })

    const list = store.list('docs.example.com')
    expect(list.map((c) => c.title)).toEqual(['What is a thread?', 'How do I install the CLI?'])
    expect(list[1]).toMatchObject({
      id: first[0]!.id,
      updatedAt: 1000,
      thread: { threadId: 't1', threadKey: 'k1' },
      messages: first,
    })
    expect(list[0]!.thread).toBeUndefined()
    expect(store.list('other.example.com')).toHaveLength(1)
    // Read back by a second store over the same storage (a reload).
    const reloaded = createConversationStore({ storage })
    expect(reloaded.list('docs.example.com')).toEqual(list)
    expect(reloaded.get('docs.example.com', first[0]!.id)?.title).toBe('How do I install the CLI?')
    expect([...storage.items.keys()]).toContain(key)
  })

  it('updates a conversation in place by its first message id, and only moves it when it changed', () => {
    const store = createConversationStore({ storage: new QuotaStorage() })
    const first = turn('One')
    const second = turn('Two')
    store.save('d', { messages: first, updatedAt: 1 })
    store.save('d', { messages: second, updatedAt: 2 })
    // The same messages again (a reload hydrating the current one) keep their place.
    store.save('d', { messages: first })
    expect(store.list('d').map((c) => c.title)).toEqual(['Two', 'One'])
    // A follow-up makes it the newest; the thread learned meanwhile is kept.
    store.save('d', { messages: first, thread: { threadId: 'th' } })
    store.save('d', { messages: [...first, ...turn('One more')] })
    const list = store.list('d')
    expect(list.map((c) => c.title)).toEqual(['One', 'Two'])
    expect(list[0]!.messages).toHaveLength(4)
    expect(list[0]!.thread).toEqual({ threadId: 'th' })
    expect(list).toHaveLength(2)
  })

  it('does not keep a conversation without a question', () => {
    const store = createConversationStore({ storage: new QuotaStorage() })
    expect(store.save('d', { messages: [] })).toBeUndefined()
    expect(
      store.save('d', {
        messages: [
          { id: 'a', role: 'assistant', content: 'hi', parts: [{ type: 'text', text: 'hi' }] },
        ],
      }),
    ).toBeUndefined()
    expect(store.list('d')).toEqual([])
  })

  it('keeps at most maxCount conversations, dropping the oldest', () => {
    const store = createConversationStore({ storage: new QuotaStorage(), maxCount: 3 })
    for (let n = 1; n <= 5; n++) store.save('d', { messages: turn(`Q${n}`), updatedAt: n })
    expect(store.list('d').map((c) => c.title)).toEqual(['Q5', 'Q4', 'Q3'])
  })

  it('keeps at most maxBytes of JSON, dropping the oldest first; one oversized conversation does not empty the rest', () => {
    const storage = new QuotaStorage()
    const store = createConversationStore({ storage, maxBytes: 2000 })
    for (let n = 1; n <= 10; n++) {
      store.save('d', { messages: turn(`Q${n}`, 'x'.repeat(200)), updatedAt: n })
    }
    const bytes = new TextEncoder().encode(
      storage.getItem(key.replace('docs.example.com', 'd'))!,
    ).length
    expect(bytes).toBeLessThanOrEqual(2000)
    const titles = store.list('d').map((c) => c.title)
    expect(titles[0]).toBe('Q10')
    expect(titles.length).toBeGreaterThan(2)
    expect(titles.length).toBeLessThan(10)
    // Newest kept contiguously: whatever was dropped is older than everything kept.
    expect(titles).toEqual(Array.from({ length: titles.length }, (_, index) => `Q${10 - index}`))
    store.save('d', { messages: turn('Huge', 'y'.repeat(5000)), updatedAt: 11 })
    expect(store.list('d').map((c) => c.title)).toEqual(titles)
  })

  it('drops bad entries from storage with one storage-invalid warning, never throws, and rewrites what is left', () => {
    const storage = new QuotaStorage()
    const good = { id: 'q1', title: 'Fine', updatedAt: 5, messages: turn('Fine') }
    storage.setItem(
      key,
      JSON.stringify([
        good,
        { id: 'q2', title: 'No messages', updatedAt: 4, messages: [] },
        { id: 'q3', title: 'Bad message', updatedAt: 3, messages: [{ id: 'x', role: 'hacker' }] },
        {
          id: 'q4',
          title: 'Bad thread',
          updatedAt: 2,
          thread: { threadId: 7 },
          messages: turn('x'),
        },
        { id: '', title: 'No id', updatedAt: 1, messages: turn('y') },
        { id: 'q6', title: 'Bad time', updatedAt: 'soon', messages: turn('z') },
        'junk',
        null,
      ]),
    )
    const warnings: DocsWarning[] = []
    const store = createConversationStore({ storage, onWarning: (w) => warnings.push(w) })
    expect(store.list('docs.example.com').map((c) => c.id)).toEqual(['q1'])
    expect(warnings.map((w) => w.code)).toEqual(['storage-invalid'])
    expect(warnings[0]!.message).toContain('7')
    // Rewritten: a second store reads it without a warning.
    const again: DocsWarning[] = []
    createConversationStore({ storage, onWarning: (w) => again.push(w) }).list('docs.example.com')
    expect(again).toEqual([])

    for (const raw of ['{not json', '{"an":"object"}', '42']) {
      storage.setItem(key, raw)
      const seen: DocsWarning[] = []
      const fresh = createConversationStore({ storage, onWarning: (w) => seen.push(w) })
      expect(fresh.list('docs.example.com')).toEqual([])
      expect(seen.map((w) => w.code)).toEqual(['storage-invalid'])
      expect(storage.getItem(key)).toBeNull()
    }
  })

  it('returns the same list until the stored value changes (a stable snapshot)', () => {
    const store = createConversationStore({ storage: new QuotaStorage() })
    store.save('d', { messages: turn('A') })
    const list = store.list('d')
    expect(store.list('d')).toBe(list)
    store.save('d', { messages: turn('B') })
    expect(store.list('d')).not.toBe(list)
  })

  it('removes one conversation and clears a domain, notifying subscribers', () => {
    const store = createConversationStore({ storage: new QuotaStorage() })
    const changes: string[] = []
    const unsubscribe = store.subscribe((domain) => changes.push(domain))
    const a = turn('A')
    store.save('d', { messages: a, updatedAt: 1 })
    store.save('d', { messages: turn('B'), updatedAt: 2 })
    store.remove('d', a[0]!.id)
    expect(store.list('d').map((c) => c.title)).toEqual(['B'])
    store.remove('d', 'unknown')
    store.clear('d')
    expect(store.list('d')).toEqual([])
    unsubscribe()
    store.save('d', { messages: turn('C') })
    expect(changes).toEqual(['d', 'd', 'd', 'd'])
  })

  it('hears writes from other tabs through storage events, and shares the key scheme with the thread store', () => {
    const local = new QuotaStorage()
    const events = new EventTarget()
    vi.stubGlobal('localStorage', local)
    vi.stubGlobal('addEventListener', events.addEventListener.bind(events))
    vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events))
    try {
      const store = createConversationStore({ namespace: 'site' })
      const threads = createThreadStore({ namespace: 'site' })
      const heard: string[] = []
      const unsubscribe = store.subscribe((domain) => heard.push(domain))

      // Another tab (another store over the same localStorage) saves a conversation.
      const otherTab = createConversationStore({ namespace: 'site' })
      otherTab.save('docs.example.com', { messages: turn('From the other tab') })
      const fire = (eventKey: string | null) => {
        const event = new Event('storage') as Event & { key: string | null }
        event.key = eventKey
        events.dispatchEvent(event)
      }
      fire('docchat:site@https://api.mintlify.com:conversations:docs.example.com')
      fire('docchat:site@https://api.mintlify.com:thread:docs.example.com')
      fire('docchat:other@https://api.mintlify.com:conversations:docs.example.com')
      expect(heard).toEqual(['docs.example.com'])
      expect(store.list('docs.example.com').map((c) => c.title)).toEqual(['From the other tab'])

      // Both stores live side by side under the namespace's prefix.
      threads.set('docs.example.com', { threadId: 't' })
      expect([...local.items.keys()].filter((k) => !k.includes('__'))).toEqual([
        'docchat:site@https://api.mintlify.com:conversations:docs.example.com',
        'docchat:site@https://api.mintlify.com:thread:docs.example.com',
      ])
      unsubscribe()
      fire('docchat:site@https://api.mintlify.com:conversations:docs.example.com')
      expect(heard).toEqual(['docs.example.com'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('lives in memory when storage is unavailable', () => {
    const warnings: DocsWarning[] = []
    const store = createConversationStore({ storage: 'memory', onWarning: (w) => warnings.push(w) })
    store.save('d', { messages: turn('Kept for this page') })
    expect(store.list('d').map((c) => c.title)).toEqual(['Kept for this page'])
    expect(warnings).toEqual([])
  })
})

describe('conversationTitle', () => {
  it('is the first question on one line, shortened', () => {
    expect(conversationTitle(turn('\n  Hello\tworld \n'))).toBe('Hello world')
    const long = conversationTitle(turn('word '.repeat(100)))
    expect(long.length).toBeLessThanOrEqual(120)
    expect(long.endsWith('…')).toBe(true)
    expect(conversationTitle([])).toBe('')
  })

  it('reads at most a question’s length of a stored message (linear, capped)', () => {
    expectLinearTime(
      (n) => turn(`${' \t\n'.repeat(n / 3)}x`),
      (messages) => conversationTitle(messages),
    )
    // What is read is capped: 100,000 characters cost no more than the 10,000 a question may have.
    expect(conversationTitle(turn(`${'a'.repeat(100_000)}`)).length).toBeLessThanOrEqual(120)
  })
})

// Issue 20: conversations (their thread keys included) are kept per API origin as well.
describe('conversations per API origin', () => {
  it('another origin lists none of the default API’s conversations; old ones move to the default API only', () => {
    const storage = new QuotaStorage()
    const legacyKey = 'docchat:default:conversations:docs.example.com'
    const old = createConversationStore({ storage: new QuotaStorage() }).save('docs.example.com', {
      messages: turn('Stored before origins were in the key'),
      thread: { threadId: 't-old', threadKey: 'k-old' },
    })!
    storage.setItem(legacyKey, JSON.stringify([old]))

    const elsewhere = createConversationStore({ storage, apiBaseUrl: 'https://evil.example' })
    expect(elsewhere.list('docs.example.com')).toEqual([])
    elsewhere.save('docs.example.com', { messages: turn('Asked elsewhere') })
    expect(storage.getItem(legacyKey)).not.toBeNull()

    const api = createConversationStore({ storage })
    expect(api.list('docs.example.com').map((c) => c.title)).toEqual([
      'Stored before origins were in the key',
    ])
    expect(api.list('docs.example.com')[0]!.thread).toEqual({
      threadId: 't-old',
      threadKey: 'k-old',
    })
    expect(storage.getItem(legacyKey)).toBeNull()
    expect(storage.getItem(key)).not.toBeNull()
    expect(
      createConversationStore({ storage, apiBaseUrl: 'https://evil.example' })
        .list('docs.example.com')
        .map((c) => c.title),
    ).toEqual(['Asked elsewhere'])
  })
})
