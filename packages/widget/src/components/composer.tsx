'use client'

import type { ContextItem } from '@docchat/core'
import { forwardRef, type KeyboardEvent, useImperativeHandle, useRef, useState } from 'react'
import { ContextChips } from './context-chips'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

export interface ComposerProps {
  busy: boolean
  context: ContextItem[]
  onRemoveContext: (index: number) => void
  onSend: (text: string) => void
  onStop: () => void
  /** Replaces `labels.disclaimer`, e.g. with the wording for the server's answer mode. */
  disclaimer?: string
}

/** Question input: Enter sends, Shift+Enter adds a line; the send button turns into stop. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { busy, context, onRemoveContext, onSend, onStop, disclaimer: disclaimerText },
  ref,
) {
  const { labels } = useWidgetSettings()
  const disclaimer = disclaimerText ?? labels.disclaimer
  const [value, setValue] = useState('')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => inputRef.current as HTMLTextAreaElement)
  const submit = () => {
    const question = value.trim()
    if (!question || busy) return
    onSend(question)
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
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <ContextChips items={context} onRemove={onRemoveContext} inputRef={inputRef} />
      <div className="docchat-composer-row">
        <textarea
          ref={inputRef}
          className="docchat-input"
          rows={1}
          value={value}
          placeholder={labels.placeholder}
          aria-label={labels.placeholder}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
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
            disabled={!value.trim()}
          >
            <Icon name="send" />
          </button>
        )}
      </div>
      {disclaimer ? <p className="docchat-disclaimer">{disclaimer}</p> : null}
    </form>
  )
})
