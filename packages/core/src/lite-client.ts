import { createBaseDocsClient, type DocsClient, type DocsClientOptions } from './base-client'
import { structuralValidation } from './structural-validation'
import { createAssistantConnection } from './use-chat-connection'

/**
 * Creates a client with the same API, paths, auth, retries and `DocsApiError`s as
 * `createDocsClient`, but without zod: for bundle-size-sensitive browser builds (the full schemas
 * add ~18 KB gzip).
 *
 * Requests get minimal structural checks that name the bad field (`query`, `messages.0.id`), and
 * responses are checked structurally (arrays and objects, required string fields) instead of with
 * the full schemas: unknown enum values are not reported and nested fields are not checked. Use
 * `createDocsClient` where that matters (servers, tools).
 *
 * @example
 * const client = createDocsClientLite({ baseUrl: '/api/docs' })
 * const results = await client.search('acme', { query: 'webhooks' })
 */
export function createDocsClientLite(options: DocsClientOptions = {}): DocsClient {
  return createBaseDocsClient(options, structuralValidation, createAssistantConnection)
}
