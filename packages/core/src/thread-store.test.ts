import { getFingerprint } from './fingerprint'
import { createSafeStorage, type StorageLike } from './safe-storage'
import { conversationTitle, createConversationStore } from './conversation-store'
import {
  apiStorageOrigin,
  createThreadStore,
  defaultApiOrigin,
  maxStoredChars,
} from './thread-store'
import { QuotaStorage } from './test/harness'
import type { DocsWarning } from './warnings'

/** Storage that throws on every call, like Safari's old private mode or a sandboxed iframe. */
const brokenStorage: StorageLike = {
  getItem() {
    throw new DOMException('denied', 'SecurityError')
  },
  setItem() {
    throw new DOMException('denied', 'SecurityError')
  },
  removeItem() {
    throw new DOMException('denied', 'SecurityError')
  },
}

describe('createSafeStorage', () => {
  it('falls back to memory when storage is missing or throws, and says so once', () => {
    expect(createSafeStorage(null).kind).toBe('memory')
    // Node has no localStorage.
    expect(createSafeStorage().kind).toBe('memory')
    const warnings: DocsWarning[] = []
    const safe = createSafeStorage(brokenStorage, { onWarning: (w) => warnings.push(w) })
    expect(safe.kind).toBe('memory')
    expect(safe.setItem('docchat:a', '1')).toBe(false)
    expect(safe.getItem('docchat:a')).toBe('1')
    safe.removeItem('docchat:a')
    expect(safe.getItem('docchat:a')).toBeNull()
    expect(warnings.map((w) => w.code)).toEqual(['storage-unavailable'])
  })

  it('evicts the oldest docchat: keys when full, never foreign keys or the fingerprint', () => {
    const storage = new QuotaStorage(520)
    storage.setItem('app:settings', 'x'.repeat(60))
    const safe = createSafeStorage(storage)
    expect(safe.setItem('docchat:fp', 'fp_12345678')).toBe(true)
    expect(safe.setItem('docchat:old', 'o'.repeat(100))).toBe(true)
    expect(safe.setItem('docchat:newer', 'n'.repeat(100))).toBe(true)
    expect(safe.setItem('docchat:newest', 'z'.repeat(120))).toBe(true)
    expect(storage.getItem('docchat:old')).toBeNull()
    expect(storage.getItem('docchat:newer')).not.toBeNull()
    expect(storage.getItem('app:settings')).not.toBeNull()
    expect(storage.getItem('docchat:fp')).toBe('fp_12345678')
  })

  it('keeps a value that cannot fit in memory and reports storage-full', () => {
    const storage = new QuotaStorage(120)
    const warnings: DocsWarning[] = []
    const safe = createSafeStorage(storage, { onWarning: (w) => warnings.push(w) })
    expect(safe.setItem('docchat:huge', 'h'.repeat(500))).toBe(false)
    expect(safe.getItem('docchat:huge')).toBe('h'.repeat(500))
    expect(warnings.map((w) => w.code)).toEqual(['storage-full'])
  })
})

/** A valid stored message (the store drops anything that is not one). */
const message = (id: string, text = '') => ({
  id,
  role: 'user',
  content: text,
  parts: [{ type: 'text', text }],
})

describe('createThreadStore', () => {
  it('warns about a message it cannot serialise and keeps what it had stored', () => {
    const warnings: DocsWarning[] = []
    const store = createThreadStore({ storage: 'memory', onWarning: (w) => warnings.push(w) })
    store.setMessages('acme', [message('m1', 'kept')])
    store.setMessages('acme', [{ ...message('m2'), size: 1n }])
    expect(warnings).toMatchObject([
      {
        code: 'storage-unavailable',
        message: 'A message could not be serialised and was not stored',
      },
    ])
    expect(store.getMessages('acme')).toEqual([message('m1', 'kept')])
  })

  it('keeps one thread per domain and keeps the key when a later response has none', () => {
    const store = createThreadStore({ storage: 'memory' })
    store.set('acme', { threadId: 't1', threadKey: 'k1' })
    store.set('other', { threadId: 't2' })
    store.set('acme', { threadId: 't1' })
    expect(store.get('acme')).toEqual({ threadId: 't1', threadKey: 'k1' })
    expect(store.get('other')).toEqual({ threadId: 't2' })
    store.set('acme', { threadId: 't3' })
    expect(store.get('acme')).toEqual({ threadId: 't3' })
    store.clear('acme')
    expect(store.get('acme')).toBeUndefined()
    expect(store.get('other')).toEqual({ threadId: 't2' })
  })

  it('persists to a given storage, ignores corrupt entries and separates namespaces', () => {
    const storage = new QuotaStorage(100_000)
    createThreadStore({ storage }).set('acme', { threadId: 't1', threadKey: 'k1' })
    expect(createThreadStore({ storage }).get('acme')).toEqual({ threadId: 't1', threadKey: 'k1' })
    expect(createThreadStore({ storage, namespace: 'beta' }).get('acme')).toBeUndefined()
    storage.setItem('docchat:default@https://api.mintlify.com:thread:broken', '{not json')
    expect(createThreadStore({ storage }).get('broken')).toBeUndefined()
  })

  it('bounds stored messages by count and by bytes, keeping the newest', () => {
    const store = createThreadStore({ storage: 'memory', maxMessages: 3, maxBytes: 10_000 })
    store.setMessages(
      'acme',
      [1, 2, 3, 4, 5].map((n) => message(`m${n}`)),
    )
    expect(store.getMessages<{ id: string }>('acme').map((m) => m.id)).toEqual(['m3', 'm4', 'm5'])

    const small = createThreadStore({ storage: 'memory', maxBytes: 180 })
    const messages = [1, 2, 3, 4].map((n) => message(`m${n}`, 'ééé'))
    small.setMessages('acme', messages)
    const kept = small.getMessages<{ id: string }>('acme')
    expect(kept.map((m) => m.id)).toEqual(['m3', 'm4'])
    expect(new TextEncoder().encode(JSON.stringify(kept)).length).toBeLessThanOrEqual(180)
    small.setMessages('acme', [message('x', 'y'.repeat(100))])
    expect(small.getMessages('acme')).toEqual([])
  })

  it('drops every stored message that is not a valid message, never throws, and heals storage', () => {
    const corrupt: Array<[string, string]> = [
      ['[null]', '[null]'],
      ['content: 5', JSON.stringify([{ ...message('a'), content: 5 }])],
      ['parts: 5', JSON.stringify([{ ...message('a'), parts: 5 }])],
      ['not an array', '{"0":{}}'],
      ['a number', '5'],
      ['not JSON', '[{"id":'],
      [
        'a hostile part',
        JSON.stringify([{ ...message('a'), parts: [{ type: 'html', html: '<img>' }] }]),
      ],
    ]
    for (const [name, raw] of corrupt) {
      const storage = new QuotaStorage(100_000)
      storage.setItem('docchat:default@https://api.mintlify.com:messages:acme', raw)
      const warnings: DocsWarning[] = []
      const store = createThreadStore({ storage, onWarning: (w) => warnings.push(w) })
      expect(() => store.getMessages('acme'), name).not.toThrow()
      expect(store.getMessages('acme'), name).toEqual([])
      // The bad value is gone: the next load neither sees nor reports it again.
      expect(
        storage.getItem('docchat:default@https://api.mintlify.com:messages:acme'),
        name,
      ).toBeNull()
    }

    const storage = new QuotaStorage(100_000)
    const good = message('good', 'kept')
    storage.setItem(
      'docchat:default@https://api.mintlify.com:messages:acme',
      JSON.stringify([null, good, { id: 'x' }]),
    )
    const warnings: DocsWarning[] = []
    const store = createThreadStore({ storage, onWarning: (w) => warnings.push(w) })
    expect(store.getMessages('acme')).toEqual([good])
    expect(warnings.map((w) => w.code)).toEqual(['storage-invalid'])
    expect(
      JSON.parse(storage.getItem('docchat:default@https://api.mintlify.com:messages:acme')!),
    ).toEqual([good])
  })

  it('never throws when storage is full or broken', () => {
    const warnings: DocsWarning[] = []
    const full = createThreadStore({
      storage: new QuotaStorage(150),
      onWarning: (w) => warnings.push(w),
    })
    expect(() => {
      full.set('acme', { threadId: 't'.repeat(40), threadKey: 'k'.repeat(40) })
      full.setMessages('acme', [message('m', 'x'.repeat(5000))])
      full.set('acme', { threadId: 'u'.repeat(200) })
      full.clear('acme')
    }).not.toThrow()
    expect(warnings.some((w) => w.code === 'storage-full')).toBe(true)

    const broken = createThreadStore({ storage: brokenStorage })
    expect(() => broken.set('acme', { threadId: 't' })).not.toThrow()
    expect(broken.get('acme')).toEqual({ threadId: 't' })
    expect(() => broken.setMessages('acme', [message('m1')])).not.toThrow()
    expect(broken.getMessages('acme')).toEqual([message('m1')])
  })

  it('notifies subscribers of changes', () => {
    const store = createThreadStore({ storage: 'memory' })
    const changes: string[] = []
    const unsubscribe = store.subscribe((domain) => changes.push(domain))
    store.set('acme', { threadId: 't1' })
    store.set('acme', { threadId: 't1' })
    store.setMessages('acme', [])
    unsubscribe()
    store.clear('acme')
    expect(changes).toEqual(['acme', 'acme'])
  })
})

describe('getFingerprint', () => {
  it("is 'anonymous' by default", () => {
    expect(getFingerprint()).toBe('anonymous')
  })

  it('is a stable id in persistent mode, stored when possible', () => {
    const storage = new QuotaStorage(10_000)
    const first = getFingerprint({ mode: 'persistent', storage })
    expect(first).toMatch(/^fp_[\w-]{8,}$/)
    expect(getFingerprint({ mode: 'persistent', storage })).toBe(first)
    expect(storage.getItem('docchat:fp')).toBe(first)
    const memoryOnly = getFingerprint({ mode: 'persistent', storage: 'memory' })
    expect(getFingerprint({ mode: 'persistent', storage: 'memory' })).toBe(memoryOnly)
    expect(getFingerprint({ mode: 'persistent', storage: brokenStorage })).toBe(memoryOnly)
  })
})

// Issue 20: an `api-base-url` or `proxy-url` attribute in the page's markup pointed the widget at
// another host, and the reader's stored thread key and history went along with the next question.
describe('threads per API origin', () => {
  const thread = { threadId: 't1', threadKey: 'secret-key' }
  const history = [message('q1'), message('a1')]

  it('a store for another API origin never sees the default API’s threads or messages', () => {
    const storage = new QuotaStorage(1_000_000)
    const api = createThreadStore({ storage })
    api.set('acme', thread)
    api.setMessages('acme', history)
    for (const elsewhere of [
      'https://evil.example',
      'https://evil.example/api/discovery',
      '//evil.example',
      'https://api.mintlify.com.evil.example',
      'http://api.mintlify.com',
    ]) {
      const other = createThreadStore({ storage, apiBaseUrl: elsewhere })
      expect(other.apiOrigin, elsewhere).not.toBe(api.apiOrigin)
      expect(other.get('acme'), elsewhere).toBeUndefined()
      expect(other.getMessages('acme'), elsewhere).toEqual([])
    }
    // The same API in another form is the same origin.
    for (const same of ['https://api.mintlify.com/discovery', 'https://api.mintlify.com/v1/']) {
      expect(createThreadStore({ storage, apiBaseUrl: same }).get('acme'), same).toEqual(thread)
    }
    // Nothing in storage holds the key without the origin in its name.
    for (const [key, value] of storage.items) {
      if (value.includes('secret-key')) expect(key).toContain('@https://api.mintlify.com:')
    }
  })

  it('a relative proxy URL is the page’s origin', () => {
    expect(apiStorageOrigin('/api/docchat')).toBe(
      globalThis.location ? globalThis.location.origin : '/api/docchat',
    )
    expect(apiStorageOrigin(undefined)).toBe(defaultApiOrigin)
    expect(apiStorageOrigin('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787')
    // Hostile values are keys of their own, checked for length before any parse.
    const long = `https://api.mintlify.com/${'a'.repeat(100_000)}`
    expect(apiStorageOrigin(long)).not.toBe(defaultApiOrigin)
    expect(apiStorageOrigin(long).length).toBeLessThanOrEqual(4096)
    expect(apiStorageOrigin('javascript:alert(1)')).not.toBe(defaultApiOrigin)
    expect(apiStorageOrigin('data:text/plain,https://api.mintlify.com')).not.toBe(defaultApiOrigin)
  })

  it('moves threads and messages stored before origins were in the key to the default API only', () => {
    const legacy = () => {
      const storage = new QuotaStorage(1_000_000)
      storage.setItem('docchat:default:thread:acme', JSON.stringify(thread))
      storage.setItem('docchat:default:messages:acme', JSON.stringify(history))
      return storage
    }

    // Another origin reads nothing and leaves the old data where it is.
    const first = legacy()
    const other = createThreadStore({ storage: first, apiBaseUrl: 'https://evil.example' })
    expect(other.get('acme')).toBeUndefined()
    expect(other.getMessages('acme')).toEqual([])
    expect(first.getItem('docchat:default:thread:acme')).not.toBeNull()

    // The default API takes it over: the reader keeps the conversation, under the new key only.
    const api = createThreadStore({ storage: first })
    expect(api.get('acme')).toEqual(thread)
    expect(api.getMessages('acme')).toEqual(history)
    expect(first.getItem('docchat:default:thread:acme')).toBeNull()
    expect(first.getItem('docchat:default:messages:acme')).toBeNull()
    expect(
      JSON.parse(first.getItem('docchat:default@https://api.mintlify.com:thread:acme')!),
    ).toEqual(thread)
    // Once moved, another origin still has nothing.
    expect(createThreadStore({ storage: first, apiBaseUrl: '//evil.example' }).get('acme')).toBe(
      undefined,
    )

    // A store for the default API given explicitly migrates too; a namespace only its own.
    const second = legacy()
    expect(createThreadStore({ storage: second, namespace: 'beta' }).get('acme')).toBeUndefined()
    expect(
      createThreadStore({ storage: second, apiBaseUrl: 'https://api.mintlify.com/discovery' }).get(
        'acme',
      ),
    ).toEqual(thread)

    // A clear after the move is final: the old key does not come back.
    api.clear('acme')
    expect(createThreadStore({ storage: first }).get('acme')).toBeUndefined()
  })
})

describe('stored values are measured before they are parsed', () => {
  it('drops a value past what a store writes without parsing it, and says so', () => {
    const storage = new QuotaStorage(100_000_000)
    const warnings: DocsWarning[] = []
    const huge = `[${'{"id":"m","role":"user","content":"x"},'.repeat(150_000)}null]`
    expect(huge.length).toBeGreaterThan(maxStoredChars(200_000))
    storage.setItem('docchat:default@https://api.mintlify.com:messages:acme', huge)
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const store = createThreadStore({ storage, onWarning: (w) => warnings.push(w) })
      expect(store.getMessages('acme')).toEqual([])
      expect(parse).not.toHaveBeenCalledWith(huge)
    } finally {
      parse.mockRestore()
    }
    expect(warnings.map((w) => w.code)).toEqual(['storage-invalid'])
    expect(storage.getItem('docchat:default@https://api.mintlify.com:messages:acme')).toBeNull()

    const conversations = createConversationStore({ storage })
    storage.setItem('docchat:default@https://api.mintlify.com:conversations:acme', huge)
    const parseAgain = vi.spyOn(JSON, 'parse')
    try {
      expect(conversations.list('acme')).toEqual([])
      expect(parseAgain).not.toHaveBeenCalledWith(huge)
    } finally {
      parseAgain.mockRestore()
    }
  })

  it('a 100,000-character first question makes a 120-character title', () => {
    const title = conversationTitle([
      { id: 'q', role: 'user', content: `${' \n\t'.repeat(50_000)}${'word '.repeat(20_000)}` },
    ])
    expect(title.length).toBeLessThanOrEqual(120)
  })
})
