'use client'

import { type CodeBlock, useCodeBlocks } from '@docchat/react'
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { composeEventHandlers } from '../utils/compose-event-handlers'
import type { ContextItem } from './context-item'

export interface CodeBlockAskAIProps
  extends Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'children'> {
  containerRef: RefObject<HTMLElement | null>
  /** Receives a `code` context item carrying the block's `elementId`. */
  onAdd: (item: ContextItem, block: CodeBlock) => void
  /** Page path stored on the items. */
  path?: string
  /** Visible text. Defaults to `'Ask AI'`. */
  label?: string
  /** Accessible name per block. Defaults to `Ask AI about this <language> code`. */
  getAccessibleName?: (block: CodeBlock) => string
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
  children?: ReactNode
}

export const askAIHostAttribute = 'data-docchat-ask-ai-host'

function Host({ element, children }: { element: HTMLElement; children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null)
  useEffect(() => {
    const node = element.ownerDocument.createElement('span')
    node.setAttribute(askAIHostAttribute, '')
    // Before the <pre>, not inside it: the button must never end up in copied code.
    element.parentNode?.insertBefore(node, element)
    setHost(node)
    return () => node.remove()
  }, [element])
  return host ? createPortal(children, host) : null
}

/**
 * Adds an "Ask AI" button for every code block in `containerRef` (found by `useCodeBlocks` from
 * `@docchat/react`), rendered into a `<span data-docchat-ask-ai-host>` inserted just before each
 * `<pre>` and removed on unmount.
 */
export const CodeBlockAskAI = forwardRef<HTMLButtonElement, CodeBlockAskAIProps>(
  function CodeBlockAskAI(
    { containerRef, onAdd, path, label = 'Ask AI', getAccessibleName, onClick, children, ...props },
    ref,
  ) {
    const blocks = useCodeBlocks(containerRef, path ? { path } : {})
    return (
      <>
        {blocks.map((block, index) => (
          <Host key={block.elementId} element={block.element}>
            <button
              ref={index === 0 ? ref : undefined}
              type="button"
              aria-label={
                getAccessibleName?.(block) ??
                `${label} about this ${block.language ? `${block.language} ` : ''}code`
              }
              data-element-id={block.elementId}
              {...props}
              onClick={composeEventHandlers(onClick, () => onAdd(block.contextItem, block))}
            >
              {children ?? label}
            </button>
          </Host>
        ))}
      </>
    )
  },
)
