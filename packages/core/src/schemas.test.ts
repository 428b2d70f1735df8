import { readFileSync } from 'node:fs'
import { describeWithShared, sharedPath } from '@docchat/test-utils/shared-dir'
import type { z } from 'zod'
import { DocsApiError } from './errors'
import { DOCS_LIMITS, longestWordLength } from './docs-limits'
// Every response schema is under test here.
import * as responseSchemas from './response-schemas'
import {
  assistantRequestSchema,
  createAgentJobRequestSchema,
  messageSchema,
  pageRequestSchema,
  searchRequestSchema,
} from './request-schemas'
import { parseResponse, validateRequest } from './schema-validation'
import type { DocsWarning } from './warnings'

// The spec files are read from the shared folder at test time; nothing of them is copied here.
const specFiles = ['discovery-openapi.json', 'admin-openapi.json', 'openapi.json']

type JsonSchema = {
  type?: string
  format?: string
  enum?: unknown[]
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  minimum?: number
  example?: unknown
  examples?: unknown
  default?: unknown
}

type MediaTypes = Record<string, { schema: JsonSchema }>
interface Operation {
  requestBody?: { content: MediaTypes }
  responses: Record<string, { content?: MediaTypes }>
}
interface Spec {
  paths: Record<string, Record<string, Operation>>
}

function loadSpec(name: string): Spec {
  return JSON.parse(readFileSync(sharedPath(`spec/${name}`), 'utf8')) as Spec
}

function operation(spec: Spec, path: string, method: 'get' | 'post'): Operation {
  const found = spec.paths[path]?.[method]
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is missing from the spec`)
  return found
}

/** `example` / `examples` (array or map of `{ value }`) / object-valued `default` under a node. */
function collectExamples(
  node: unknown,
  path: string,
  out: Array<{ path: string; value: unknown }>,
) {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      collectExamples(item, `${path}/${index}`, out)
    })
    return
  }
  if (typeof node !== 'object' || node === null) return
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example') out.push({ path: `${path}/example`, value })
    else if (key === 'examples') {
      const entries = Array.isArray(value) ? value : Object.values(value as object)
      entries.forEach((entry, index) => {
        out.push({
          path: `${path}/examples/${index}`,
          value: Array.isArray(value) ? entry : (entry as { value?: unknown }).value,
        })
      })
    } else if (key === 'default' && typeof value === 'object' && value !== null) {
      out.push({ path: `${path}/default`, value })
    } else collectExamples(value, `${path}/${key}`, out)
  }
}

/**
 * Instances of a JSON schema that together use every enum value and every `oneOf` branch: the
 * first is "all defaults", each other varies one choice. Arrays hold one item per item variant.
 */
function variants(schema: JsonSchema): unknown[] {
  if (schema.example !== undefined) return [schema.example]
  const branches = schema.oneOf ?? schema.anyOf
  if (branches) return branches.flatMap(variants)
  if (schema.enum) return schema.enum
  switch (schema.type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {})
      const choices = entries.map(([key, property]) => [key, variants(property)] as const)
      const base = Object.fromEntries(choices.map(([key, options]) => [key, options[0]]))
      const result: unknown[] = [base]
      for (const [key, options] of choices) {
        for (const option of options.slice(1)) result.push({ ...base, [key]: option })
      }
      return result
    }
    case 'array':
      return [schema.items ? variants(schema.items) : []]
    case 'string':
      return [schema.format === 'date-time' ? '2026-01-02T03:04:05.000Z' : 'text']
    case 'number':
    case 'integer':
      return [schema.default ?? schema.minimum ?? 1]
    case 'boolean':
      return [true]
    default:
      // An untyped schema (`args: {}`, `result: {}`) accepts anything.
      return [{ any: 'value' }]
  }
}

const jsonBody = (op: Operation): JsonSchema => op.requestBody!.content['application/json']!.schema
const jsonResponse = (op: Operation, status: string): JsonSchema =>
  op.responses[status]!.content!['application/json']!.schema

describeWithShared(
  'schemas against the OpenAPI files',
  specFiles.map((name) => `spec/${name}`),
  () => {
    const discovery = loadSpec('discovery-openapi.json')
    const admin = loadSpec('admin-openapi.json')
    const external = loadSpec('openapi.json')

    const requests: Array<[string, () => JsonSchema, z.ZodTypeAny]> = [
      [
        'assistant v1 body',
        () => jsonBody(operation(discovery, '/v1/assistant/{domain}/message', 'post')),
        assistantRequestSchema,
      ],
      [
        'search body',
        () => jsonBody(operation(discovery, '/v1/search/{domain}', 'post')),
        searchRequestSchema,
      ],
      [
        'page body',
        () => jsonBody(operation(discovery, '/v1/page/{domain}', 'post')),
        pageRequestSchema,
      ],
      [
        'create agent job body',
        () => jsonBody(operation(admin, '/v1/agent/{projectId}/job', 'post')),
        createAgentJobRequestSchema,
      ],
    ]
    const responses: Array<[string, () => JsonSchema, z.ZodTypeAny]> = [
      [
        'search 200',
        () => jsonResponse(operation(discovery, '/v1/search/{domain}', 'post'), '200'),
        responseSchemas.searchResultsSchema,
      ],
      [
        'page 200',
        () => jsonResponse(operation(discovery, '/v1/page/{domain}', 'post'), '200'),
        responseSchemas.pageContentSchema,
      ],
      [
        'agent job 200',
        () => jsonResponse(operation(admin, '/v1/agent/{projectId}/job/{id}', 'get'), '200'),
        responseSchemas.agentJobSchema,
      ],
      [
        'agent jobs 200',
        () => jsonResponse(operation(admin, '/v1/agent/{projectId}/jobs', 'get'), '200'),
        responseSchemas.agentJobListSchema,
      ],
      [
        'trigger update 202',
        () => jsonResponse(operation(external, '/project/update/{projectId}', 'post'), '202'),
        responseSchemas.triggerUpdateResponseSchema,
      ],
      [
        'update status 200',
        () => jsonResponse(operation(external, '/project/update-status/{statusId}', 'get'), '200'),
        responseSchemas.updateStatusSchema,
      ],
    ]

    it('parses every example object found under these endpoints', () => {
      const found: Array<{ path: string; value: unknown }> = []
      for (const [file, spec, paths] of [
        [
          'discovery',
          discovery,
          ['/v1/assistant/{domain}/message', '/v1/search/{domain}', '/v1/page/{domain}'],
        ],
        [
          'admin',
          admin,
          [
            '/v1/agent/{projectId}/job',
            '/v1/agent/{projectId}/job/{id}',
            '/v1/agent/{projectId}/jobs',
          ],
        ],
        ['openapi', external, ['/project/update/{projectId}', '/project/update-status/{statusId}']],
      ] as const) {
        for (const path of paths) collectExamples(spec.paths[path], `${file}${path}`, found)
      }
      // The spec's only object example here is the default `messages` array of the v1 assistant body.
      expect(found.length).toBeGreaterThan(0)
      for (const { path, value } of found) {
        if (path.includes('/messages/default')) {
          for (const message of value as unknown[])
            expect(() => messageSchema.parse(message)).not.toThrow()
          expect(() =>
            validateRequest(assistantRequestSchema, { fp: 'anonymous', messages: value }),
          ).not.toThrow()
        } else {
          throw new Error(`No schema mapped for example at ${path}`)
        }
      }
    })

    it.each(requests)(
      'accepts every variant the spec describes: %s',
      (_name, schema, zodSchema) => {
        const instances = variants(schema())
        expect(instances.length).toBeGreaterThan(0)
        for (const instance of instances) {
          const body = instance as Record<string, unknown>
          // `threadId` is `type: string` with `default: null` in the spec; a follow-up has both.
          if ('threadId' in body) body.threadId = 'thread_1'
          expect(() => validateRequest(zodSchema, body)).not.toThrow()
        }
      },
    )

    it.each(responses)(
      'parses every variant the spec describes: %s',
      (_name, schema, zodSchema) => {
        const instances = variants(schema())
        for (const instance of instances) {
          const warnings: DocsWarning[] = []
          const parsed = parseResponse(zodSchema, instance, { onWarning: (w) => warnings.push(w) })
          expect(warnings).toEqual([])
          expect(parsed).toBeDefined()
        }
      },
    )

    it('covers every enum value of the update status record', () => {
      const schema = jsonResponse(
        operation(external, '/project/update-status/{statusId}', 'get'),
        '200',
      )
      const statuses = new Set(
        variants(schema).map(
          (instance) => responseSchemas.updateStatusSchema.parse(instance).status,
        ),
      )
      expect([...statuses].sort()).toEqual(['failure', 'in_progress', 'queued', 'success'])
    })
  },
)

describe('request validation', () => {
  const message = { id: 'm1', role: 'user', content: 'hi', parts: [{ type: 'text', text: 'hi' }] }
  const cases: Array<[string, z.ZodTypeAny, unknown, string]> = [
    ['missing fp', assistantRequestSchema, { messages: [message] }, 'fp'],
    ['empty fp', assistantRequestSchema, { fp: '', messages: [message] }, 'fp'],
    ['no messages', assistantRequestSchema, { fp: 'anonymous', messages: [] }, 'messages'],
    [
      'message without id',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [{ ...message, id: undefined }] },
      'messages.0.id',
    ],
    [
      'unknown role',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [{ ...message, role: 'tool' }] },
      'messages.0.role',
    ],
    [
      'unknown part type',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [{ ...message, parts: [{ type: 'image', url: 'x' }] }] },
      'messages.0.parts.0.type',
    ],
    [
      'tool result without result',
      assistantRequestSchema,
      {
        fp: 'anonymous',
        messages: [
          {
            ...message,
            role: 'assistant',
            parts: [
              {
                type: 'tool-invocation',
                toolInvocation: { state: 'result', toolCallId: 'c', toolName: 'search', args: {} },
              },
            ],
          },
        ],
      },
      'messages.0.parts.0.toolInvocation.result',
    ],
    [
      'threadKey without threadId',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [message], threadKey: 'secret' },
      'threadKey',
    ],
    [
      'currentPath over 200 characters',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [message], currentPath: `/${'a'.repeat(200)}` },
      'currentPath',
    ],
    [
      'bad context type',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [message], context: [{ type: 'file', value: 'x' }] },
      'context.0.type',
    ],
    [
      'misspelt top-level field',
      assistantRequestSchema,
      { fp: 'anonymous', messages: [message], threadID: 't' },
      'threadID',
    ],
    ['blank query', searchRequestSchema, { query: '  ' }, 'query'],
    ['pageSize above 50', searchRequestSchema, { query: 'q', pageSize: 51 }, 'pageSize'],
    ['pageSize not an integer', searchRequestSchema, { query: 'q', pageSize: 2.5 }, 'pageSize'],
    [
      'scoreThreshold above 1',
      searchRequestSchema,
      { query: 'q', scoreThreshold: 1.5 },
      'scoreThreshold',
    ],
    [
      'unknown filter key',
      searchRequestSchema,
      { query: 'q', filter: { versions: 'v2' } },
      'filter.versions',
    ],
    ['page without path', pageRequestSchema, {}, 'path'],
    [
      'agent job without messages',
      createAgentJobRequestSchema,
      { branch: 'main', messages: [] },
      'messages',
    ],
    [
      'agent job with unknown model',
      createAgentJobRequestSchema,
      { messages: [{ role: 'user', content: 'x' }], model: 'haiku' },
      'model',
    ],
  ]

  it.each(cases)('rejects %s, naming the field', (_name, schema, value, field) => {
    let error: unknown
    try {
      validateRequest(schema, value)
    } catch (caught) {
      error = caught
    }
    expect(DocsApiError.isInstance(error)).toBe(true)
    const apiError = error as DocsApiError
    expect(apiError.kind).toBe('bad-request')
    expect(apiError.field).toBe(field)
    expect(apiError.message).toContain(field)
  })

  it('caps query, query words and questions at DOCS_LIMITS, naming the limit', () => {
    const rejects = (schema: z.ZodTypeAny, value: unknown, field: string, limit: string) => {
      let error: unknown
      try {
        validateRequest(schema, value)
      } catch (caught) {
        error = caught
      }
      expect(DocsApiError.isInstance(error), field).toBe(true)
      expect((error as DocsApiError).field).toBe(field)
      expect((error as DocsApiError).message).toContain(limit)
    }
    const query = (q: string) => ({ query: q })
    rejects(searchRequestSchema, query('a'.repeat(25_000)), 'query', '1000 characters')
    rejects(searchRequestSchema, query('x'.repeat(65)), 'query', '64 characters')
    expect(validateRequest(searchRequestSchema, query('x'.repeat(64))).query).toHaveLength(64)
    expect(
      validateRequest(searchRequestSchema, query(`${'word '.repeat(199)}last`)).query,
    ).toHaveLength(DOCS_LIMITS.queryChars - 1)

    const ask = (text: string, role = 'user') => ({
      fp: 'anonymous',
      messages: [{ id: 'm1', role, content: text, parts: [{ type: 'text', text }] }],
    })
    rejects(assistantRequestSchema, ask('q'.repeat(10_001)), 'messages.0.content', '10000')
    // v5 clients leave `content` empty and send the text in parts.
    const partsOnly = ask('')
    partsOnly.messages[0]!.parts = [{ type: 'text', text: 'q'.repeat(10_001) }]
    rejects(assistantRequestSchema, partsOnly, 'messages.0.content', '10000')
    expect(() => validateRequest(assistantRequestSchema, ask('q'.repeat(10_000)))).not.toThrow()
    // A long earlier answer is the server's own text, not a question: not capped.
    expect(() =>
      validateRequest(assistantRequestSchema, ask('a'.repeat(20_000), 'assistant')),
    ).not.toThrow()
    expect(longestWordLength('a bb, ccc-dddd ee')).toBe(4)
  })

  it('applies defaults and keeps AI SDK extras on messages', () => {
    const body = validateRequest(assistantRequestSchema, {
      fp: 'anonymous',
      threadId: null,
      messages: [{ ...message, revisionId: 'r1', createdAt: new Date(0) }],
    })
    expect(body.retrievalPageSize).toBe(5)
    expect(body.messages[0]).toMatchObject({ revisionId: 'r1' })
    expect(validateRequest(searchRequestSchema, { query: 'hooks' }).pageSize).toBe(10)
  })

  it('accepts every message part variant', () => {
    const parts = [
      { type: 'text', text: 'a' },
      {
        type: 'reasoning',
        reasoning: 'r',
        details: [
          { type: 'text', text: 'r', signature: 's' },
          { type: 'redacted', data: 'x' },
        ],
      },
      { type: 'step-start' },
      { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://x.dev', title: 'X' } },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'partial-call', toolCallId: 'c', toolName: 't', args: {} },
      },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'call', step: 0, toolCallId: 'c', toolName: 't', args: {} },
      },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'result', toolCallId: 'c', toolName: 't', args: {}, result: [] },
      },
      { type: 'file', mimeType: 'image/png', data: 'AAAA' },
    ]
    expect(() =>
      messageSchema.parse({
        ...message,
        role: 'assistant',
        parts,
        annotations: [{ threadId: 't' }],
        experimental_attachments: [{ name: 'a.png', contentType: 'image/png', url: 'data:,' }],
      }),
    ).not.toThrow()
  })
})

describe('lenient responses', () => {
  const status = {
    _id: 's1',
    projectId: 'p1',
    createdAt: '2026-01-01T00:00:00Z',
    status: 'cancelled',
    logs: ['a'],
    author: 'Jane',
    source: 'bitbucket',
    brandNewField: { nested: true },
  }

  it('keeps unknown fields and reports unknown enum values instead of throwing', () => {
    const warnings: DocsWarning[] = []
    const parsed = parseResponse(responseSchemas.updateStatusSchema, status, {
      onWarning: (w) => warnings.push(w),
    })
    expect(parsed.status).toBe('cancelled')
    expect(parsed.brandNewField).toEqual({ nested: true })
    expect(parsed.author).toBe('Jane')
    expect(warnings.map((w) => [w.code, w.path, w.value])).toEqual([
      ['unknown-enum-value', 'status', 'cancelled'],
      ['unknown-enum-value', 'source', 'bitbucket'],
    ])
  })

  it('accepts the author object, a null author and nulls in optional fields', () => {
    const parsed = responseSchemas.updateStatusSchema.parse({
      ...status,
      status: 'success',
      source: 'api',
      author: { name: 'Jane', avatarUrl: 'https://a', githubUserId: 7 },
      endedAt: null,
      commit: { sha: 'abc', ref: 'main', message: 'm', filesChanged: { added: ['a.mdx'] } },
    })
    expect(parsed.author).toMatchObject({ githubUserId: 7 })
    expect(parsed.commit?.filesChanged).toEqual({ added: ['a.mdx'], modified: [], removed: [] })
    expect(responseSchemas.updateStatusSchema.parse({ ...status, author: null }).author).toBeNull()
  })

  it('reports a missing required field as invalid-response naming it', () => {
    const { _id, ...withoutId } = status
    expect(() => parseResponse(responseSchemas.updateStatusSchema, withoutId)).toThrowError(
      expect.objectContaining({ kind: 'invalid-response', field: '_id' }),
    )
  })

  it('reads both agent job shapes with the API spelling', () => {
    const job = responseSchemas.agentJobSchema.parse({
      sessionId: 'j1',
      haulted: true,
      haultReason: 'github_missconfigured',
      todos: [{ content: 'x', status: 'completed', priority: 'high', id: 't1' }],
    })
    expect(job.haultReason).toBe('github_missconfigured')
    const summary = responseSchemas.agentJobSummarySchema.parse({
      sessionId: 'j1',
      todos: [{ content: 'x', id: 't' }],
    })
    expect(summary.todos).toEqual([{ content: 'x', id: 't' }])
  })

  it('accepts search results as a bare array or wrapped, with metadata passthrough', () => {
    const item = { content: 'c', path: '/a', metadata: { title: 'A', score: 0.5, custom: 1 } }
    expect(responseSchemas.searchResultsSchema.parse([item])[0]?.metadata).toEqual({
      title: 'A',
      score: 0.5,
      custom: 1,
    })
    expect(responseSchemas.searchResultsSchema.parse({ results: [item] })).toHaveLength(1)
    expect(responseSchemas.searchResultSchema.parse({ content: 'c', path: '/b' }).metadata).toEqual(
      {},
    )
  })
})
