'use client'

import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type MouseEvent,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { composeEventHandlers } from '../utils/compose-event-handlers'
import { useComposedRefs } from '../utils/compose-refs'
import { visuallyHiddenStyle } from '../utils/visually-hidden'
import { useStickToBottom } from './use-stick-to-bottom'

interface ConversationContextValue {
  busy: boolean
  atBottom: boolean
  scrollToBottom(behavior?: ScrollBehavior): void
  /** Scrolls the log to `top` and stops following the stream there; `false` before it mounts. */
  holdAt(top: number): boolean
  logRef(node: HTMLElement | null): void
}

const ConversationContext = createContext<ConversationContextValue | null>(null)

function useConversationContext(part: string): ConversationContextValue {
  const context = useContext(ConversationContext)
  if (!context)
    throw new Error(`<Conversation.${part}> must be rendered inside <Conversation.Root>.`)
  return context
}

export interface ConversationRootProps extends ComponentPropsWithoutRef<'div'> {
  /** An answer is streaming: the log gets `aria-busy` and the announcer waits. */
  busy?: boolean
  /** Px from the bottom that still counts as the bottom. Defaults to `16`. */
  threshold?: number
  /** Follow the stream while at the bottom. Defaults to `true`. */
  autoScroll?: boolean
  /**
   * Selector of the messages that start a turn, e.g. `'[data-role="user"]'`: when one is added,
   * the view follows only until it reaches the top, so the answer is read from its start.
   */
  anchorSelector?: string
}

export const Root = forwardRef<HTMLDivElement, ConversationRootProps>(function ConversationRoot(
  { busy = false, threshold, autoScroll = true, anchorSelector, ...props },
  ref,
) {
  const {
    ref: logRef,
    atBottom,
    scrollToBottom,
    holdAt,
  } = useStickToBottom({
    threshold,
    enabled: autoScroll,
    anchorSelector,
  })
  const value = useMemo(
    () => ({ busy, atBottom, scrollToBottom, holdAt, logRef }),
    [busy, atBottom, scrollToBottom, holdAt, logRef],
  )
  return (
    <ConversationContext.Provider value={value}>
      <div ref={ref} data-state={busy ? 'busy' : 'idle'} {...props} />
    </ConversationContext.Provider>
  )
})

/**
 * The scroll controls of the surrounding `<Conversation.Root>`, for parts you build yourself, e.g.
 * restoring a remembered position with `holdAt(top)`.
 */
export function useConversationScroll(): Pick<
  ConversationContextValue,
  'atBottom' | 'scrollToBottom' | 'holdAt'
> {
  const { atBottom, scrollToBottom, holdAt } = useConversationContext('useConversationScroll')
  return { atBottom, scrollToBottom, holdAt }
}

export type ConversationLogProps = ComponentPropsWithoutRef<'div'>

/**
 * The scrolling message list: `role="log"` (polite), `aria-busy` while streaming so assistive
 * tech waits for the finished answer instead of reading every token.
 */
export const Log = forwardRef<HTMLDivElement, ConversationLogProps>(
  function ConversationLog(props, forwardedRef) {
    const context = useConversationContext('Log')
    const ref = useComposedRefs(forwardedRef, context.logRef)
    return (
      <div
        ref={ref}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-busy={context.busy}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-scrollable
        tabIndex={0}
        data-state={context.busy ? 'busy' : 'idle'}
        data-at-bottom={context.atBottom ? '' : undefined}
        {...props}
      />
    )
  },
)

export interface ConversationAnnouncerProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Announced once each time a streamed answer completes. Defaults to `'Answer ready'`. */
  message?: string
  /** Announced once when streaming starts (e.g. `'Generating answer'`). Off by default. */
  busyMessage?: string
}

/**
 * A visually hidden polite live region that speaks once per answer: when `busy` turns off.
 */
export const Announcer = forwardRef<HTMLDivElement, ConversationAnnouncerProps>(
  function ConversationAnnouncer({ message = 'Answer ready', busyMessage, style, ...props }, ref) {
    const { busy } = useConversationContext('Announcer')
    const [text, setText] = useState('')
    const wasBusy = useRef(busy)
    useEffect(() => {
      if (busy === wasBusy.current) return
      wasBusy.current = busy
      setText(busy ? (busyMessage ?? '') : message)
    }, [busy, message, busyMessage])
    return (
      <div
        ref={ref}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        style={{ ...visuallyHiddenStyle, ...style }}
        {...props}
      >
        {text}
      </div>
    )
  },
)

export interface ConversationScrollToBottomProps extends ComponentPropsWithoutRef<'button'> {
  /** Keep it rendered while at the bottom (it gets `data-state="hidden"` and `hidden`). */
  forceMount?: boolean
}

/** Shown when the user has scrolled away from the bottom; scrolls back and resumes following. */
export const ScrollToBottom = forwardRef<HTMLButtonElement, ConversationScrollToBottomProps>(
  function ConversationScrollToBottom({ forceMount, onClick, ...props }, ref) {
    const context = useConversationContext('ScrollToBottom')
    const visible = !context.atBottom
    if (!visible && !forceMount) return null
    return (
      <button
        ref={ref}
        type="button"
        aria-label="Scroll to bottom"
        data-state={visible ? 'visible' : 'hidden'}
        hidden={!visible}
        {...props}
        onClick={composeEventHandlers(onClick, (_event: MouseEvent<HTMLButtonElement>) =>
          context.scrollToBottom(),
        )}
      />
    )
  },
)
