'use client'

/**
 * Runs the consumer's handler first; the internal one runs unless the consumer called
 * `event.preventDefault()` (the Radix convention, so consumers can opt out of a behaviour).
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  consumerHandler: ((event: E) => void) | undefined,
  internalHandler: ((event: E) => void) | undefined,
  { checkForDefaultPrevented = true } = {},
): (event: E) => void {
  return (event: E) => {
    consumerHandler?.(event)
    if (!checkForDefaultPrevented || !event.defaultPrevented) internalHandler?.(event)
  }
}
