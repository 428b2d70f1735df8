import { useDocChat } from '@docchat/react'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useWidgetSettings } from './widget-settings'

/** The recent searches' storage key (headless `useRecentSearches`' default). */
const RECENT_SEARCHES_KEY = 'docchat:recent-searches'

interface BoundaryProps {
  children: ReactNode
  onError: (error: unknown) => void
}

interface BoundaryState {
  failed: boolean
  generation: number
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, generation: 0 }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('DocChat: the widget failed and shows "Start over".', error, info.componentStack)
    this.props.onError(error)
  }

  restart = () => this.setState((state) => ({ failed: false, generation: state.generation + 1 }))

  override render() {
    if (this.state.failed) return <CrashNotice onStartOver={this.restart} />
    // A new key remounts everything below with fresh state read from (cleared) storage.
    return <Fragment key={this.state.generation}>{this.props.children}</Fragment>
  }
}

function Fragment({ children }: { children: ReactNode }) {
  return <>{children}</>
}

/** The provider is optional here: without one there is nothing stored to clear. */
function useOptionalDocChat() {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: called on every render in the same order; the try only catches useDocChat's missing-provider throw
    return useDocChat()
  } catch {
    return undefined
  }
}

function CrashNotice({ onStartOver }: { onStartOver: () => void }) {
  const { labels } = useWidgetSettings()
  const docChat = useOptionalDocChat()
  const startOver = () => {
    // Whatever broke the widget may be stored (storage is shared with every script on the page):
    // forget this domain's conversation and the recent searches before rendering again.
    if (docChat) docChat.getThreadStore().clear(docChat.domain)
    try {
      globalThis.localStorage?.removeItem(RECENT_SEARCHES_KEY)
    } catch {
      // Storage may be unavailable (sandboxed frames); nothing to clear then.
    }
    onStartOver()
  }
  return (
    <div className="docchat-crash" role="alert">
      <p className="docchat-crash-message">{labels.crashed}</p>
      <button type="button" className="docchat-button" onClick={startOver}>
        {labels.startOver}
      </button>
    </div>
  )
}

/**
 * Keeps one unexpected error from taking the host page's widget down for good: readers get a plain
 * sentence and "Start over"; developers get the error in the console and as an `error` event.
 */
export function WidgetErrorBoundary({ children }: { children: ReactNode }) {
  const { emit } = useWidgetSettings()
  const onError = (error: unknown) =>
    emit({
      type: 'error',
      kind: 'unknown',
      retryable: true,
      message: error instanceof Error ? error.message : String(error),
    })
  return <Boundary onError={onError}>{children}</Boundary>
}
