import { DocsApiError } from './errors'

function stopError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError')
}

/** AI SDK clients tell a stop from a failure by the name `AbortError`. */
export function asAbortError(error: unknown): unknown {
  return DocsApiError.isInstance(error) && error.kind === 'aborted' ? stopError() : error
}
