'use client'

import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type MouseEvent,
  memo,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { composeEventHandlers } from '../utils/compose-event-handlers'
import { visuallyHiddenStyle } from '../utils/visually-hidden'
import type * as HighlighterModule from './highlight-code'
import { useCopyToClipboard } from './use-copy-to-clipboard'

export interface HighlightedCodeProps extends ComponentPropsWithoutRef<'code'> {
  code: string
  language: string
}

// The highlighter is a chunk of its own (bundlers split the dynamic import): answers without code
// never load it, and the first code block shows its text plain for the moment it takes.
let highlighter: typeof HighlighterModule | undefined
let loading: Promise<unknown> | undefined
const loadHighlighter = () => {
  loading ??= import('./highlight-code').then(
    (module) => {
      highlighter = module
    },
    (error: unknown) => {
      // Offline: the code stays plain; the next code block tries again.
      loading = undefined
      console.error('DocChat: could not load the code highlighter', error)
    },
  )
  return loading
}

function useHighlighter() {
  const [, arrived] = useState(0)
  useEffect(() => {
    if (highlighter) return
    let live = true
    void loadHighlighter().then(() => live && highlighter && arrived((n) => n + 1))
    return () => {
      live = false
    }
  }, [])
  return highlighter
}

/**
 * `<code>` with `token-*` class names on coloured spans; no HTML strings involved. Plain text
 * until the highlighter has loaded (the first time only, and on the server).
 */
export const HighlightedCode = memo(
  forwardRef<HTMLElement, HighlightedCodeProps>(function HighlightedCode(
    { code, language, className, ...props },
    ref,
  ) {
    const module = useHighlighter()
    const tokens = useMemo(
      () => module?.highlightCode(code, language) ?? [{ type: 'plain' as const, value: code }],
      [module, code, language],
    )
    const languageClass = language ? `language-${language.replace(/[^\w+#.-]/g, '')}` : undefined
    return (
      <code
        ref={ref}
        className={[languageClass, className].filter(Boolean).join(' ') || undefined}
        {...props}
      >
        {tokens.map((token, index) =>
          token.type === 'plain' ? (
            token.value
          ) : (
            <span key={index} className={`token-${token.type}`}>
              {token.value}
            </span>
          ),
        )}
      </code>
    )
  }),
)

export interface CopyButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'value'> {
  /** The text put on the clipboard. */
  value: string
  /** Accessible name before copying. Defaults to `'Copy code'`. */
  label?: string
  /** Accessible name and announcement after copying. Defaults to `'Copied'`. */
  copiedLabel?: string
  onCopied?: (ok: boolean) => void
}

/**
 * A copy button; `data-state` is `idle`, `copied` or `error`. It announces `copiedLabel` through a
 * visually hidden status region it renders next to itself.
 */
export const CopyButton = forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  { value, label = 'Copy code', copiedLabel = 'Copied', onCopied, onClick, children, ...props },
  ref,
) {
  const { copy, state } = useCopyToClipboard()
  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-label={state === 'copied' ? copiedLabel : label}
        data-state={state}
        {...props}
        onClick={composeEventHandlers(onClick, (_event: MouseEvent<HTMLButtonElement>) => {
          void copy(value).then((ok) => onCopied?.(ok))
        })}
      >
        {children ?? (state === 'copied' ? copiedLabel : label)}
      </button>
      <span role="status" style={visuallyHiddenStyle}>
        {state === 'copied' ? copiedLabel : ''}
      </span>
    </>
  )
})

export interface MarkdownCodeBlockProps {
  language: string
  code: string
  /** `false` while the closing fence has not streamed in yet. */
  closed: boolean
  /** The block's index in the message (stable across streaming updates). */
  index: number
  /**
   * The stream ended (stopped or cut) before the closing fence: the code is unfinished for good.
   * Only set on the message's last block, once the message no longer streams.
   */
  cut?: boolean
  labels: { copy: string; copied: string; unfinished?: string }
}

/**
 * The default code block: language label, copy button, highlighted code. An unclosed block has no
 * copy button (half a snippet pasted into a terminal does harm); a cut one says it is unfinished.
 */
export function DefaultCodeBlock({
  language,
  code,
  closed,
  cut = false,
  labels,
}: MarkdownCodeBlockProps): ReactNode {
  return (
    <div
      data-docchat-code-block=""
      data-language={language || undefined}
      data-state={closed ? 'complete' : cut ? 'cut' : 'streaming'}
    >
      <div data-part="code-header">
        <span data-part="code-language">{language || 'text'}</span>
        {closed ? (
          <CopyButton value={code} label={labels.copy} copiedLabel={labels.copied} />
        ) : cut ? (
          <span data-part="code-unfinished">{labels.unfinished ?? 'Unfinished'}</span>
        ) : null}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long lines scroll; keyboard users need to reach them */}
      <pre tabIndex={0}>
        <HighlightedCode code={code} language={language} />
      </pre>
    </div>
  )
}
