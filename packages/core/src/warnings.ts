/** Something unexpected that did not stop the call: reported through `onWarning`, never thrown. */
export interface DocsWarning {
  code:
    | 'unknown-enum-value'
    | 'unexpected-content-type'
    | 'unknown-stream-part'
    | 'assistant-key-in-browser'
    | 'storage-unavailable'
    | 'storage-full'
    /** A value read back from storage failed validation and was dropped. */
    | 'storage-invalid'
  message: string
  /** Dotted path inside the response, for `unknown-enum-value`. */
  path?: string
  value?: unknown
}

export type DocsWarningHandler = (warning: DocsWarning) => void

/** Calls a user's warning handler without letting it break the call that reported. */
export function reportWarning(handler: DocsWarningHandler | undefined, warning: DocsWarning): void {
  if (!handler) return
  try {
    handler(warning)
  } catch {
    // A faulty handler must not turn a warning into a failure.
  }
}
