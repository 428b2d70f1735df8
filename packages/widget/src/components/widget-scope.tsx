'use client'

import { createDocsReaderClient, type DocsClient } from '@docchat/core'
import { DocChatProvider, useOptionalDocChat } from '@docchat/react'
import { type CSSProperties, type ReactNode, useContext, useMemo, useRef } from 'react'
import { createEmitter } from '../analytics'
import { resolveLabels } from '../labels'
import { themeName, themeProperties } from '../theme'
import { starterQuestionsOf, type WidgetOptions } from '../widget-options'
import { WidgetErrorBoundary } from './error-boundary'
import {
  type AttachmentSettings,
  type WidgetSettings,
  WidgetSettingsContext,
} from './widget-settings'

/** Props every public component takes to work without a surrounding `<DocChatProvider>`. */
export interface ConnectionProps {
  /** From `createDocsClient(...)`; with `domain`, the component brings its own provider. */
  client?: DocsClient
  domain?: string
  projectId?: string
  /**
   * Your proxy's path or URL (`'/api/docchat'`), which adds the key on the server. With `domain`
   * and no `client`, the component builds its client from these serializable props, so a Server
   * Component page can render it (a client object cannot cross to a Client Component).
   */
  proxyUrl?: string
  /** The API origin (defaults to the hosted API), used with `assistantKey` when there is no proxy. */
  apiBaseUrl?: string
  /** Public assistant key (`mint_dsc_…`); ignored with `proxyUrl`. */
  assistantKey?: string
}

export interface WidgetScopeProps extends WidgetOptions, ConnectionProps {
  /** Inside the drop-in's Shadow DOM: tokens come from :host, set by the loader. */
  embedded?: boolean
  className?: string
  children: ReactNode
}

/**
 * The root of every public component: its own `<DocChatProvider>` when given a `client`, the
 * `.docchat-root` element (tokens, theme, direction), the settings context and the error boundary.
 * A component nested in another one's scope reuses that scope, so one widget has one root.
 */
export function WidgetScope({ embedded, className, children, ...props }: WidgetScopeProps) {
  const { client, domain, projectId, proxyUrl, apiBaseUrl, assistantKey, ...options } = props
  const parent = useContext(WidgetSettingsContext)
  // Inside the app's own <DocChatProvider docsBaseUrl>, its base is the widget's default: answers'
  // inline citations and Copy resolve where its sources do.
  const provided = useOptionalDocChat()?.docsBaseUrl
  const settings = useScopeSettings(options, provided)
  const style = embedded ? undefined : (themeProperties(options) as CSSProperties)
  return (
    <MaybeProvider connection={props} docsBaseUrl={options.docsBaseUrl}>
      {parent ? (
        children
      ) : (
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
      )}
    </MaybeProvider>
  )
}

function MaybeProvider({
  connection,
  docsBaseUrl,
  children,
}: {
  connection: ConnectionProps
  docsBaseUrl?: string | null
  children: ReactNode
}) {
  const { client: given, proxyUrl, apiBaseUrl, assistantKey, domain, projectId } = connection
  // Built once per connection: a new client would start a new provider (and drop the chat).
  const built = useMemo(
    () => (given ? undefined : clientFromProps({ proxyUrl, apiBaseUrl, assistantKey })),
    [given, proxyUrl, apiBaseUrl, assistantKey],
  )
  const client = given ?? built
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

/** The drop-in's rule (embed/panel.tsx): a proxy holds the key server-side, so none is sent to it. */
function clientFromProps({
  proxyUrl,
  apiBaseUrl,
  assistantKey,
}: Pick<ConnectionProps, 'proxyUrl' | 'apiBaseUrl' | 'assistantKey'>): DocsClient | undefined {
  if (!proxyUrl && !assistantKey) return undefined
  // The reader client: no zod (about 16 KB gz the drop-in's panel would carry), and no admin
  // calls, whose keys never belong in a page.
  if (proxyUrl) return createDocsReaderClient({ baseUrl: proxyUrl })
  return createDocsReaderClient({ ...(apiBaseUrl ? { baseUrl: apiBaseUrl } : {}), assistantKey })
}

/** The settings a scope provides, rebuilt only when an option they depend on changes. */
function useScopeSettings(options: WidgetOptions, providedBaseUrl?: string): WidgetSettings {
  const optionsRef = useRef(options)
  optionsRef.current = options
  const [emit] = useStateOnce(() => createEmitter(() => optionsRef.current))
  const labelsKey = JSON.stringify(options.labels ?? null)
  const starterKey = JSON.stringify(options.starterQuestions ?? null)
  const attachmentsKey = JSON.stringify(options.attachments ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on serialised labels/starters
  return useMemo<WidgetSettings>(
    () => ({
      labels: resolveLabels(options.labels),
      emit,
      includeQuestionText: options.includeQuestionText === true,
      starterQuestions: starterQuestionsOf(options),
      docsBaseUrl: options.docsBaseUrl ?? providedBaseUrl,
      onFeedback: (feedback) => optionsRef.current.onFeedback?.(feedback),
      onError: (error) => {
        try {
          optionsRef.current.onError?.(error)
        } catch {
          // Like analytics: a broken hook must not break the widget.
        }
      },
      siteName: options.siteName?.trim() || undefined,
      answerMode:
        options.answerMode === 'extractive' || options.answerMode === 'model'
          ? options.answerMode
          : undefined,
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
      providedBaseUrl,
      options.dir,
      options.siteName,
      options.answerMode,
      options.openSourcesInNewTab,
    ],
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
