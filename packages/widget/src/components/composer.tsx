'use client'

import type { Attachment, ContextItem } from '@docchat/core'
import type { UseAttachments } from '@docchat/headless'
import {
  forwardRef,
  type KeyboardEvent,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { ContextChips } from './context-chips'
import { IconButton } from './icon'
import { preloadPart, useOptionalPart, useOptionalParts } from './optional-parts'
import { useWidgetSettings } from './widget-settings'

export interface ComposerProps {
  busy: boolean
  context: ContextItem[]
  onRemoveContext: (index: number) => void
  /** `attachments` only when the reader attached files (the `attachments` option). */
  onSend: (text: string, attachments?: Attachment[]) => void
  onStop: () => void
  /** Replaces `labels.disclaimer`, e.g. with the wording for the server's answer mode. */
  disclaimer?: string
}

/**
 * Question input: Enter sends, Shift+Enter adds a line; the send button turns into stop. With the
 * `attachments` option, files come with the question: paperclip, paste, or drop on the composer.
 * That part is a chunk loaded with the option on (optional-parts.ts; the drop-in loads it before
 * the panel first renders): until it arrives the form has no paperclip.
 */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { busy, context, onRemoveContext, onSend, onStop, disclaimer: disclaimerText },
  ref,
) {
  const { labels, attachments: attachmentSettings } = useWidgetSettings()
  const disclaimer = disclaimerText ?? labels.disclaimer
  const parts = useOptionalParts()
  const part = useOptionalPart(parts.attachments, Boolean(attachmentSettings))
  const [value, setValue] = useState('')
  // A question is being typed: the answers' renderer gets its head start (after a failed fetch,
  // the next question's first keystroke tries again, and the answers waiting for it render).
  const wantRenderer = value !== ''
  useEffect(() => {
    if (wantRenderer) preloadPart(parts.markdown)
  }, [parts, wantRenderer])
  const inputRef = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => inputRef.current as HTMLTextAreaElement)

  // The form is rendered anew inside the picker once its chunk arrives: focus stays in the input.
  const root = inputRef.current?.getRootNode() as Document | ShadowRoot | undefined
  const inputHadFocus = Boolean(inputRef.current && root?.activeElement === inputRef.current)
  const pickerShown = Boolean(part && attachmentSettings)
  const focusAfterSwap = useRef(false)
  const shownBefore = useRef(pickerShown)
  if (shownBefore.current !== pickerShown) {
    shownBefore.current = pickerShown
    focusAfterSwap.current = inputHadFocus
  }
  useLayoutEffect(() => {
    if (!focusAfterSwap.current) return
    focusAfterSwap.current = false
    inputRef.current?.focus()
  })

  const form = (picker: UseAttachments | undefined) => {
    const submit = () => {
      const question = value.trim()
      if (!question || busy || picker?.pending) return
      const files = picker?.take() ?? []
      if (files.length > 0) onSend(question, files)
      else onSend(question)
      setValue('')
    }
    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault()
        submit()
      }
    }
    return (
      <form
        className="docchat-composer"
        data-dragging={picker?.dragging || undefined}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        {...picker?.dropProps}
      >
        <ContextChips items={context} onRemove={onRemoveContext} inputRef={inputRef} />
        {picker && part ? (
          <>
            <part.AttachmentPreviews
              items={picker.items}
              onRemove={(id) => {
                picker.remove(id)
                inputRef.current?.focus()
              }}
            />
            <part.AttachmentProblems
              problems={picker.problems}
              ready={picker.items.flatMap((item) => (item.status === 'ready' ? [item.name] : []))}
            />
            {picker.dragging ? (
              <p className="docchat-drop-hint" aria-hidden="true">
                {labels.dropFiles}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="docchat-composer-row">
          {picker && part ? <part.AttachButton picker={picker} /> : null}
          <textarea
            ref={inputRef}
            className="docchat-input"
            rows={1}
            value={value}
            placeholder={labels.placeholder}
            aria-label={labels.placeholder}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={picker?.onPaste}
          />
          {busy ? (
            <IconButton
              icon="stop"
              label={labels.stop}
              className="docchat-send"
              data-action="stop"
              onClick={onStop}
            />
          ) : (
            <IconButton
              icon="send"
              label={labels.send}
              type="submit"
              className="docchat-send"
              data-action="send"
              disabled={!value.trim() || picker?.pending}
            />
          )}
        </div>
        {disclaimer ? <p className="docchat-disclaimer">{disclaimer}</p> : null}
      </form>
    )
  }
  return part && attachmentSettings ? (
    <part.AttachmentPicker settings={attachmentSettings}>{form}</part.AttachmentPicker>
  ) : (
    form(undefined)
  )
})
