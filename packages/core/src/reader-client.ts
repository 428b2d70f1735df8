import { createBaseDocsReaderClient, type DocsClient, type DocsClientOptions } from './base-client'
import { readerValidation } from './structural-validation'

/**
 * `createDocsClientLite` for pages readers load: the assistant, search and page endpoints only
 * (what `@docchat/widget`'s drop-in uses). The admin-key methods (agent jobs, docs updates)
 * reject with a `bad-request` `DocsApiError` naming `createDocsClient`, and their code stays out
 * of the bundle. A connection's `fetch` (AI SDK v4 useChat's) loads its stream writer on first
 * use, a chunk bundlers split: a page that asks through `ask` never downloads it.
 *
 * @example
 * const client = createDocsReaderClient({ baseUrl: '/api/docs' })
 */
export function createDocsReaderClient(options: DocsClientOptions = {}): DocsClient {
  return createBaseDocsReaderClient(options, readerValidation)
}
