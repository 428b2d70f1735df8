export {
  createDevServer,
  createOpenAIModel,
  defaultAdminKey,
  defaultAssistantKey,
  defaultDomain,
  defaultProject,
  type DevServer,
  discoveryPrefixes,
  llmSettingsFromEnv,
  type RecordedRequest,
} from './server'
export type {
  DevServerOptions,
  OpenAICompatibleSettings,
  ProjectOptions,
} from './dev-server-options'
export { type Faults, faultHeader, parseFaults } from './faults'
export type { RateLimits } from './rate-limits'
export type { ThreadLimits } from './threads'
export type { AgentJobOutcome, AgentJobTiming } from './admin/agent-jobs'
export type { UpdateOutcome, UpdateTiming } from './admin/update-status'
export { createOfflineModel, type OfflineModelOptions } from './assistant/offline-model'
export { composeAnswer, composeNotFound, suggestionsBlock } from './assistant/compose-answer'
// Docs and search (browser-safe parts; `loadDocs` reads folders in Node).
export { parseDocs } from './docs/parse-docs'
export type { DocsCodeBlock, DocsCorpus, DocsFiles, DocsPage, DocsSection } from './docs/types'
export {
  createDocsIndex,
  createSemanticSearch,
  type DocsIndex,
  type DocsIndexOptions,
  type DocsSearchOptions,
  type DocsSearchResult,
  type EmbeddingCache,
  linkResults,
  reciprocalRankFusion,
  type SemanticSearch,
} from './search'
export { answerModeHeader, continueHeader } from './discovery-routes'
export { DEV_SERVER_LIMITS, type DevServerLimits } from './limits'
export { type AnswerPace, type AnswerPaceSetting, modelPace } from './assistant/pacing'
