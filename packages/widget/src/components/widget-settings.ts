'use client'

import type { AttachmentLimits, DocsApiError, UploadAttachment } from '@docchat/core'
import { createContext, useContext, useMemo } from 'react'
import type { Emit } from '../analytics'
import { type DocChatLabels, resolveLabels, type ScopeLabels, withPartLabels } from '../labels'
import type { FeedbackDetails } from '../widget-options'

/*
 * What every part of the widget reads from its root (`WidgetScope`, widget-scope.tsx). A module of
 * its own: the root renders the error boundary, and the boundary reads these settings too.
 */

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

export const WidgetSettingsContext = createContext<WidgetSettings | null>(null)

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

/** The words of a part that brings its own defaults (a chunk), the site's over them. */
export function usePartLabels<K extends keyof DocChatLabels>(
  defaults: Pick<DocChatLabels, K>,
): ScopeLabels & Pick<DocChatLabels, K> {
  const { labels } = useWidgetSettings()
  return useMemo(() => withPartLabels(labels, defaults), [labels, defaults])
}
