import { createBaseDocsClient, type DocsClient, type DocsClientOptions } from './base-client'
import { createAssistantConnection } from './use-chat-connection'
import {
  agentJobListSchema,
  agentJobSchema,
  pageContentSchema,
  searchResultsSchema,
  triggerUpdateResponseSchema,
  updateStatusSchema,
} from './response-schemas'
import {
  assistantRequestSchema,
  createAgentJobRequestSchema,
  listAgentJobsRequestSchema,
  pageRequestSchema,
  searchRequestSchema,
} from './request-schemas'
import { parseResponse, validateRequest } from './schema-validation'
import type { DocsClientValidation } from './base-client'

export type {
  AssistantMessageOptions,
  CreatedAgentJob,
  DocsClient,
  DocsClientOptions,
  DocsClientValidation,
  DocsReaderValidation,
  RequestOptions,
  ResponseParseContext,
  ResponseParser,
} from './base-client'

const zodValidation: DocsClientValidation = {
  searchRequest: (body) => validateRequest(searchRequestSchema, body),
  pageRequest: (body) => validateRequest(pageRequestSchema, body),
  listAgentJobsRequest: (params) => validateRequest(listAgentJobsRequestSchema, params),
  createAgentJobRequest: (body) => validateRequest(createAgentJobRequestSchema, body),
  assistantRequest: (body) => validateRequest(assistantRequestSchema, body),
  searchResults: (value, context) => parseResponse(searchResultsSchema, value, context),
  pageContent: (value, context) => parseResponse(pageContentSchema, value, context),
  agentJobList: (value, context) => parseResponse(agentJobListSchema, value, context),
  agentJob: (value, context) => parseResponse(agentJobSchema, value, context),
  updateStatus: (value, context) => parseResponse(updateStatusSchema, value, context),
  triggerUpdateResponse: (value, context) =>
    parseResponse(triggerUpdateResponseSchema, value, context),
}

/**
 * Creates a client for the Mintlify-compatible documentation API. Requests are validated and
 * responses parsed with the zod schemas (see `createDocsClientLite` for builds without zod).
 *
 * @example
 * const client = createDocsClient({ assistantKey: process.env.MINTLIFY_ASSISTANT_KEY })
 * const results = await client.search('acme', { query: 'webhooks' })
 */
export function createDocsClient(options: DocsClientOptions = {}): DocsClient {
  return createBaseDocsClient(options, zodValidation, createAssistantConnection)
}
