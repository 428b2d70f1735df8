import type { SearchRequestInput } from '@docchat/core'

/**
 * Query keys of every DocChat query, hierarchical so a prefix invalidates a whole family:
 * `queryClient.invalidateQueries({ queryKey: docChatQueryKeys.agentJobs(baseUrl, projectId) })`.
 * Keys start with the API base URL and the domain or project, so two providers never share data.
 */
export const docChatQueryKeys = {
  all: ['docchat'] as const,
  api: (baseUrl: string) => ['docchat', baseUrl] as const,
  domain: (baseUrl: string, domain: string) => ['docchat', baseUrl, 'domain', domain] as const,
  search: (baseUrl: string, domain: string, request?: SearchRequestInput) =>
    request
      ? ([...docChatQueryKeys.domain(baseUrl, domain), 'search', request] as const)
      : ([...docChatQueryKeys.domain(baseUrl, domain), 'search'] as const),
  page: (baseUrl: string, domain: string, path?: string) =>
    path === undefined
      ? ([...docChatQueryKeys.domain(baseUrl, domain), 'page'] as const)
      : ([...docChatQueryKeys.domain(baseUrl, domain), 'page', path] as const),
  project: (baseUrl: string, projectId: string) =>
    ['docchat', baseUrl, 'project', projectId] as const,
  agentJobs: (baseUrl: string, projectId: string, params?: { skip?: number; take?: number }) =>
    params
      ? ([...docChatQueryKeys.project(baseUrl, projectId), 'agent-jobs', params] as const)
      : ([...docChatQueryKeys.project(baseUrl, projectId), 'agent-jobs'] as const),
  agentJob: (baseUrl: string, projectId: string, id: string) =>
    [...docChatQueryKeys.project(baseUrl, projectId), 'agent-job', id] as const,
  updateStatus: (baseUrl: string, statusId: string) =>
    ['docchat', baseUrl, 'update-status', statusId] as const,
}
