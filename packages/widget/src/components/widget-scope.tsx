'use client'

import type { AttachmentLimits, DocsApiError, DocsClient, UploadAttachment } from '@docchat/core'
import { DocChatProvider } from '@docchat/react'
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
} from 'react'
import { createEmitter, type Emit } from '../analytics'
import { WidgetErrorBoundary } from './error-boundary'
import { type DocChatLabels, resolveLabels, type ScopeLabels, withPartLabels } from '../labels'
import { themeName, themeProperties } from '../theme'
import { type FeedbackDetails, starterQuestionsOf, type WidgetOptions } from '../widget-options'

export interface WidgetSettings {
  /** The panel's words; a part that loads on its own adds its defaults (`usePartLabels`). */
  labels: ScopeLabels
  emit: Emit
  includeQuestionText: boolean
  starterQuestions: string[]
  docsBaseUrl: string | undefined
  onFeedback: ((feedback: FeedbackDetails) => void) | undefined
  onError: (error: DocsApiError) => void
  siteName: string | undefined
  openSourcesInNewTab: boolean
  dir: 'ltr' | 'rtl' | undefined
  /** Files on questions (the `attachments` option); `undefined` when off. */
  attachments: AttachmentSettings | undefined
}

export interface AttachmentSettings {
  limits: Partial<AttachmentLimits>
  uploadAttachment: UploadAttachment | undefined
}

const WidgetSettingsContext = createContext<WidgetSettings | null>(null)

const fallbackSettings: WidgetSettings = {
  labels: resolveLabels(),
  emit: () => {},
  includeQuestionText: false,
  starterQuestions: [],
  docsBaseUrl: undefined,
  onFeedback: undefined,
  onError: () => {},
  siteName: undefined,
  openSourcesInNewTab: false,
  dir: undefined,
  attachments: undefined,
}

export function useWidgetSettings(): WidgetSettings {
  return useContext(WidgetSettingsContext) ?? fallbackSettings
}

/** Props every public component takes to work without a surrounding `<DocChatProvider>`. */
export interface ConnectionProps {
  /** From `createDocsClient(...)`; with `domain`, the component brings its own provider. */
  client?: DocsClient
  domain?: string
  projectId?: string
}

export function MaybeProvider({
  client,
  domain,
  projectId,
  docsBaseUrl,
  children,
}: ConnectionProps & { docsBaseUrl?: string | null; children: ReactNode }) {
  // Questions go through the client's assistant connection (useAssistantChat), which validates,
  // times out, retries and merges word-by-word text for the chat parser: nothing to add here.
  if (!client) return <>{children}</>
  return (
    <DocChatProvider
      client={client}
      domain={domain ?? ''}
      projectId={projectId}
      docsBaseUrl={docsBaseUrl ?? undefined}
    >
      {children}
    </DocChatProvider>
  )
}

export interface WidgetScopeProps extends WidgetOptions {
  /** Inside the drop-in's Shadow DOM: tokens come from :host, set by the loader. */
  embedded?: boolean
  className?: string
  children: ReactNode
}

/**
 * The `.docchat-root` element (tokens, theme, direction) and the settings context. A component
 * nested in another one's scope reuses it, so one widget has one root.
 */
export function WidgetScope({ embedded, className, children, ...options }: WidgetScopeProps) {
  const parent = useContext(WidgetSettingsContext)
  const optionsRef = useRef(options)
  optionsRef.current = options
  const [emit] = useStateOnce(() => createEmitter(() => optionsRef.current))
  const labelsKey = JSON.stringify(options.labels ?? null)
  const starterKey = JSON.stringify(options.starterQuestions ?? null)
  const attachmentsKey = JSON.stringify(options.attachments ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on serialised labels/starters
  const settings = useMemo<WidgetSettings>(
    () => ({
      labels: resolveLabels(options.labels),
      emit,
      includeQuestionText: options.includeQuestionText === true,
      starterQuestions: starterQuestionsOf(options),
      docsBaseUrl: options.docsBaseUrl ?? undefined,
      onFeedback: (feedback) => optionsRef.current.onFeedback?.(feedback),
      onError: (error) => {
        try {
          optionsRef.current.onError?.(error)
        } catch {
          // Like analytics: a broken hook must not break the widget.
        }
      },
      siteName: options.siteName?.trim() || undefined,
      openSourcesInNewTab: options.openSourcesInNewTab === true,
      dir: options.dir ?? undefined,
      attachments: attachmentSettings(options.attachments, () => optionsRef.current.attachments),
    }),
    [
      labelsKey,
      starterKey,
      attachmentsKey,
      emit,
      options.includeQuestionText,
      options.docsBaseUrl,
      options.dir,
      options.siteName,
      options.openSourcesInNewTab,
    ],
  )
  if (parent) return <>{children}</>
  const style = embedded ? undefined : (themeProperties(options) as CSSProperties)
  return (
    <WidgetSettingsContext.Provider value={settings}>
      <div
        className={['docchat-root', className].filter(Boolean).join(' ')}
        data-theme={themeName(options.theme)}
        data-embed={embedded ? '' : undefined}
        dir={options.dir ?? undefined}
        style={style}
      >
        <WidgetErrorBoundary>{children}</WidgetErrorBoundary>
      </div>
    </WidgetSettingsContext.Provider>
  )
}

function attachmentSettings(
  option: WidgetOptions['attachments'],
  current: () => WidgetOptions['attachments'],
): AttachmentSettings | undefined {
  if (!option) return undefined
  const { uploadAttachment, ...limits } = option === true ? {} : option
  return {
    limits,
    // Read when a file is added: a new function each render must not reset the composer.
    uploadAttachment: uploadAttachment
      ? (file) => {
          const latest = current()
          const upload = typeof latest === 'object' && latest?.uploadAttachment
          return (upload || uploadAttachment)(file)
        }
      : undefined,
  }
}

function useStateOnce<T>(create: () => T): [T] {
  const ref = useRef<{ value: T } | null>(null)
  ref.current ??= { value: create() }
  return [ref.current.value]
}

/** The words of a part that brings its own defaults (a chunk), the site's over them. */
export function usePartLabels<K extends keyof DocChatLabels>(
  defaults: Pick<DocChatLabels, K>,
): ScopeLabels & Pick<DocChatLabels, K> {
  const { labels } = useWidgetSettings()
  return useMemo(() => withPartLabels(labels, defaults), [labels, defaults])
}
