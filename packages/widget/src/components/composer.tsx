'use client'

import type { Attachment, ContextItem } from '@docchat/core'
import { useAttachments } from '@docchat/headless'
import { forwardRef, type KeyboardEvent, useImperativeHandle, useRef, useState } from 'react'
import { AttachButton, AttachmentPreviews, AttachmentProblems } from './attachment-composer'
import { ContextChips } from './context-chips'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

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
 */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { busy, context, onRemoveContext, onSend, onStop, disclaimer: disclaimerText },
  ref,
) {
  const { labels, attachments: attachmentSettings } = useWidgetSettings()
  const disclaimer = disclaimerText ?? labels.disclaimer
  const picker = useAttachments({
    limits: attachmentSettings?.limits,
    uploadAttachment: attachmentSettings?.uploadAttachment,
    disabled: !attachmentSettings,
  })
  const [value, setValue] = useState('')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => inputRef.current as HTMLTextAreaElement)
  const submit = () => {
    const question = value.trim()
    if (!question || busy || picker.pending) return
    const files = picker.take()
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
      data-dragging={picker.dragging || undefined}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      {...(attachmentSettings ? picker.dropProps : {})}
    >
      <ContextChips items={context} onRemove={onRemoveContext} inputRef={inputRef} />
      {attachmentSettings ? (
        <>
          <AttachmentPreviews
            items={picker.items}
            onRemove={(id) => {
              picker.remove(id)
              inputRef.current?.focus()
            }}
          />
          <AttachmentProblems problems={picker.problems} />
          {picker.dragging ? (
            <p className="docchat-drop-hint" aria-hidden="true">
              {labels.dropFiles}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="docchat-composer-row">
        {attachmentSettings ? <AttachButton picker={picker} /> : null}
        <textarea
          ref={inputRef}
          className="docchat-input"
          rows={1}
          value={value}
          placeholder={labels.placeholder}
          aria-label={labels.placeholder}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={attachmentSettings ? picker.onPaste : undefined}
        />
        {busy ? (
          <button
            type="button"
            className="docchat-icon-button docchat-send"
            data-action="stop"
            aria-label={labels.stop}
            title={labels.stop}
            onClick={onStop}
          >
            <Icon name="stop" />
          </button>
        ) : (
          <button
            type="submit"
            className="docchat-icon-button docchat-send"
            data-action="send"
            aria-label={labels.send}
            title={labels.send}
            disabled={!value.trim() || picker.pending}
          >
            <Icon name="send" />
          </button>
        )}
      </div>
      {disclaimer ? <p className="docchat-disclaimer">{disclaimer}</p> : null}
    </form>
  )
})
