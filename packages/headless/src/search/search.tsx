'use client'

import { toSafeUrl } from '@docchat/core'
import {
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { composeEventHandlers } from '../utils/compose-event-handlers'
import { useComposedRefs } from '../utils/compose-refs'
import { useCallbackRef } from '../utils/use-callback-ref'
import { useControllableState } from '../utils/use-controllable-state'
import { useIsomorphicLayoutEffect } from '../utils/use-isomorphic-layout-effect'
import { visuallyHiddenStyle } from '../utils/visually-hidden'

/** Passed to `onSelect`; call `preventDefault()` to stop the default navigation and closing. */
export interface SearchSelectEvent {
  value: string
  /** The item's `href` as core's URL policy passed it; `undefined` when there is none or it was refused. */
  href?: string | undefined
  preventDefault(): void
  readonly defaultPrevented: boolean
}

interface ItemEntry {
  value: string
  href?: string | null | undefined
  disabled?: boolean | undefined
  onSelect?: ((event: SearchSelectEvent) => void) | undefined
}

interface SearchContextValue {
  query: string
  setQuery(query: string): void
  open: boolean
  setOpen(open: boolean): void
  activeId: string | null
  setActiveId(id: string | null): void
  inputId: string
  listId: string
  hintId: string | null
  setHintId(id: string | null): void
  listRef: React.RefObject<HTMLDivElement | null>
  inputRef: React.RefObject<HTMLInputElement | null>
  items: Map<string, ItemEntry>
  select(id: string): void
  submit(): void
  loop: boolean
}

const SearchContext = createContext<SearchContextValue | null>(null)

function useSearchContext(part: string): SearchContextValue {
  const context = useContext(SearchContext)
  if (!context) throw new Error(`<Search.${part}> must be rendered inside <Search.Root>.`)
  return context
}

function enabledOptions(list: HTMLElement | null): HTMLElement[] {
  if (!list) return []
  return Array.from(list.querySelectorAll<HTMLElement>('[role="option"]')).filter(
    (option) => option.getAttribute('aria-disabled') !== 'true',
  )
}

/* -------------------------------------------------------------------------------------------------
 * Root
 * -----------------------------------------------------------------------------------------------*/

export interface SearchRootProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect' | 'onSubmit'> {
  query?: string
  defaultQuery?: string
  onQueryChange?: (query: string) => void
  /** Whether the listbox is shown. Typing opens it; Escape on an empty query closes it. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Runs after the item's own `onSelect`. */
  onSelect?: (event: SearchSelectEvent) => void
  /** Enter with no option active (the user has not navigated): e.g. "Ask AI about <query>". */
  onSubmit?: (query: string) => void
  /**
   * Used for items with an `href` that core's URL policy allows (http(s), mailto, relative); other
   * hrefs are never followed. Defaults to `window.location.assign`.
   */
  navigate?: (href: string) => void
  /** Arrow keys wrap around. Defaults to `true`. */
  loop?: boolean
}

export const Root = forwardRef<HTMLDivElement, SearchRootProps>(function SearchRoot(
  {
    query: queryProp,
    defaultQuery = '',
    onQueryChange,
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    onSelect,
    onSubmit,
    navigate,
    loop = true,
    children,
    ...props
  },
  ref,
) {
  const [query, setQueryState] = useControllableState({
    prop: queryProp,
    defaultProp: defaultQuery,
    onChange: onQueryChange,
  })
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })
  const [activeId, setActiveId] = useState<string | null>(null)
  const [hintId, setHintId] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [items] = useState(() => new Map<string, ItemEntry>())
  const baseId = useId()
  const onSelectRef = useCallbackRef(onSelect)
  const onSubmitRef = useCallbackRef(onSubmit)
  const navigateRef = useCallbackRef(navigate)

  const setQuery = useCallback(
    (next: string) => {
      // A new query means new results: drop the active option so typed characters are echoed
      // by screen readers again (aria-activedescendant only after the user navigates).
      setActiveId(null)
      setQueryState(next)
    },
    [setQueryState],
  )

  const select = useCallback(
    (id: string) => {
      const entry = items.get(id)
      if (!entry || entry.disabled) return
      // Items' hrefs often come from API data: only what core's URL policy accepts is followed,
      // and only that is handed to `onSelect` (for a router's own navigation).
      const target = entry.href == null ? null : toSafeUrl(entry.href)
      let prevented = false
      const event: SearchSelectEvent = {
        value: entry.value,
        href: target?.href,
        preventDefault() {
          prevented = true
        },
        get defaultPrevented() {
          return prevented
        },
      }
      entry.onSelect?.(event)
      onSelectRef(event)
      if (prevented) return
      setOpen(false)
      if (target) {
        if (navigate) navigateRef(target.href)
        else if (typeof window !== 'undefined') window.location.assign(target.href)
      }
    },
    [items, onSelectRef, navigate, navigateRef, setOpen],
  )

  const submit = useCallback(() => onSubmitRef(query), [onSubmitRef, query])

  const context = useMemo<SearchContextValue>(
    () => ({
      query,
      setQuery,
      open,
      setOpen,
      activeId,
      setActiveId,
      inputId: `${baseId}-input`,
      listId: `${baseId}-listbox`,
      hintId,
      setHintId,
      listRef,
      inputRef,
      items,
      select,
      submit,
      loop,
    }),
    [query, setQuery, open, setOpen, activeId, hintId, baseId, items, select, submit, loop],
  )

  return (
    <SearchContext.Provider value={context}>
      <div ref={ref} data-state={open ? 'open' : 'closed'} {...props}>
        {children}
      </div>
    </SearchContext.Provider>
  )
})

/* -------------------------------------------------------------------------------------------------
 * Label
 * -----------------------------------------------------------------------------------------------*/

export type SearchLabelProps = ComponentPropsWithoutRef<'label'>

export const Label = forwardRef<HTMLLabelElement, SearchLabelProps>(
  function SearchLabel(props, ref) {
    const context = useSearchContext('Label')
    // biome-ignore lint/a11y/noLabelWithoutControl: associated through htmlFor
    return <label ref={ref} htmlFor={context.inputId} {...props} />
  },
)

/* -------------------------------------------------------------------------------------------------
 * Input
 * -----------------------------------------------------------------------------------------------*/

export type SearchInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'defaultValue'>

/** `role="combobox"` on the input itself (ARIA 1.2), driving the listbox with the keyboard. */
export const Input = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { onChange, onKeyDown, ...props },
  forwardedRef,
) {
  const context = useSearchContext('Input')
  const ref = useComposedRefs(forwardedRef, context.inputRef)
  const { setActiveId, listRef, loop } = context

  const move = (target: HTMLElement | undefined) => {
    if (!target) return
    setActiveId(target.id)
    target.scrollIntoView?.({ block: 'nearest' })
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return
    const options = enabledOptions(listRef.current)
    const index = options.findIndex((option) => option.id === context.activeId)
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault()
        if (!context.open) context.setOpen(true)
        if (options.length === 0) return
        if (index === -1) move(options[0])
        else if (index < options.length - 1) move(options[index + 1])
        else if (loop) move(options[0])
        return
      }
      case 'ArrowUp': {
        event.preventDefault()
        if (!context.open) context.setOpen(true)
        if (options.length === 0) return
        if (index === -1) move(options[options.length - 1])
        else if (index > 0) move(options[index - 1])
        else if (loop) move(options[options.length - 1])
        return
      }
      case 'Home':
      case 'End': {
        // Only while navigating the list; otherwise Home/End move the caret in the text.
        if (index === -1 || options.length === 0) return
        event.preventDefault()
        move(event.key === 'Home' ? options[0] : options[options.length - 1])
        return
      }
      case 'Enter': {
        if (context.open && index !== -1) {
          event.preventDefault()
          context.select(options[index]!.id)
        } else if (context.query.trim()) {
          event.preventDefault()
          context.submit()
        }
        return
      }
      case 'Escape': {
        if (context.query) {
          event.preventDefault()
          event.stopPropagation()
          context.setQuery('')
        } else if (context.open) {
          // Closing the list consumes this Escape; a dialog around it sees `defaultPrevented`.
          event.preventDefault()
          setActiveId(null)
          context.setOpen(false)
        }
        return
      }
      default:
        return
    }
  }

  return (
    <input
      ref={ref}
      id={context.inputId}
      type="text"
      role="combobox"
      aria-expanded={context.open}
      aria-controls={context.listId}
      aria-autocomplete="list"
      aria-activedescendant={context.open && context.activeId ? context.activeId : undefined}
      aria-describedby={context.hintId ?? undefined}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="search"
      data-state={context.open ? 'open' : 'closed'}
      {...props}
      value={context.query}
      onChange={composeEventHandlers(onChange, (event: ChangeEvent<HTMLInputElement>) => {
        context.setQuery(event.target.value)
        if (!context.open) context.setOpen(true)
      })}
      onKeyDown={composeEventHandlers(onKeyDown, handleKeyDown)}
    />
  )
})

/* -------------------------------------------------------------------------------------------------
 * List
 * -----------------------------------------------------------------------------------------------*/

export interface SearchListProps extends ComponentPropsWithoutRef<'div'> {
  /** Keep the listbox rendered (and visible) while closed. */
  forceMount?: boolean
}

export const List = forwardRef<HTMLDivElement, SearchListProps>(function SearchList(
  { forceMount, children, ...props },
  forwardedRef,
) {
  const context = useSearchContext('List')
  const ref = useComposedRefs(forwardedRef, context.listRef)
  const { activeId, setActiveId, listRef } = context

  // Results changed under the active option: drop it rather than point at a missing id.
  useIsomorphicLayoutEffect(() => {
    if (activeId && !enabledOptions(listRef.current).some((option) => option.id === activeId)) {
      setActiveId(null)
    }
  })

  return (
    <div
      ref={ref}
      id={context.listId}
      role="listbox"
      aria-labelledby={context.inputId}
      data-state={context.open ? 'open' : 'closed'}
      hidden={!context.open && !forceMount}
      {...props}
    >
      {children}
    </div>
  )
})

/* -------------------------------------------------------------------------------------------------
 * Group / GroupLabel
 * -----------------------------------------------------------------------------------------------*/

interface GroupContextValue {
  labelId: string
  setHasLabel(value: boolean): void
}

const GroupContext = createContext<GroupContextValue | null>(null)

export interface SearchGroupProps extends ComponentPropsWithoutRef<'div'> {
  /** Accessible name when no `<Search.GroupLabel>` is rendered (e.g. the page title). */
  label?: string
}

/** `role="group"` named by its label, so screen readers announce the page when entering it. */
export const Group = forwardRef<HTMLDivElement, SearchGroupProps>(function SearchGroup(
  { label, ...props },
  ref,
) {
  const labelId = useId()
  const [hasLabel, setHasLabel] = useState(false)
  const value = useMemo(() => ({ labelId, setHasLabel }), [labelId])
  return (
    <GroupContext.Provider value={value}>
      {/* biome-ignore lint/a11y/useSemanticElements: a listbox group must be role="group", not a fieldset */}
      <div
        ref={ref}
        role="group"
        aria-labelledby={hasLabel ? labelId : undefined}
        aria-label={hasLabel ? undefined : label}
        {...props}
      />
    </GroupContext.Provider>
  )
})

export type SearchGroupLabelProps = ComponentPropsWithoutRef<'div'>

export const GroupLabel = forwardRef<HTMLDivElement, SearchGroupLabelProps>(
  function SearchGroupLabel(props, ref) {
    const group = useContext(GroupContext)
    const setHasLabel = group?.setHasLabel
    useIsomorphicLayoutEffect(() => {
      setHasLabel?.(true)
      return () => setHasLabel?.(false)
    }, [setHasLabel])
    // Hidden from the reading order: the group announces it as its name instead.
    return <div ref={ref} id={group?.labelId} aria-hidden="true" {...props} />
  },
)

/* -------------------------------------------------------------------------------------------------
 * Item
 * -----------------------------------------------------------------------------------------------*/

export interface SearchItemProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect'> {
  value: string
  /**
   * Navigated to on selection unless `preventDefault()` is called in an `onSelect`, if core's URL
   * policy allows it. `null` (a result whose link the policy refused) is never navigated to.
   */
  href?: string | null
  disabled?: boolean
  onSelect?: (event: SearchSelectEvent) => void
}

export const Item = forwardRef<HTMLDivElement, SearchItemProps>(function SearchItem(
  { value, href, disabled, onSelect, onPointerMove, onPointerDown, onClick, id: idProp, ...props },
  ref,
) {
  const context = useSearchContext('Item')
  const generatedId = useId()
  const id = idProp ?? `${generatedId}-option`
  const { items } = context
  const onSelectRef = useCallbackRef(onSelect)

  useIsomorphicLayoutEffect(() => {
    items.set(id, { value, href, disabled, onSelect: onSelectRef })
    return () => {
      items.delete(id)
    }
  }, [items, id, value, href, disabled, onSelectRef])

  const active = context.activeId === id
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles keys for every option
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      data-highlighted={active ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-value={value}
      {...props}
      onPointerMove={composeEventHandlers(onPointerMove, (_event: PointerEvent<HTMLDivElement>) => {
        if (!disabled && !active) context.setActiveId(id)
      })}
      onPointerDown={composeEventHandlers(onPointerDown, (event: PointerEvent<HTMLDivElement>) => {
        // Keep focus (and the caret) in the input while clicking an option.
        event.preventDefault()
      })}
      onClick={composeEventHandlers(onClick, (_event: MouseEvent<HTMLDivElement>) => {
        context.select(id)
      })}
    />
  )
})

/* -------------------------------------------------------------------------------------------------
 * Breadcrumbs, Empty, Status, KeyboardHint
 * -----------------------------------------------------------------------------------------------*/

export interface SearchBreadcrumbsProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  items: readonly string[]
  /** Defaults to `' › '`. */
  separator?: string
}

/** A section trail as plain text (`Guides › Auth › Tokens`). */
export const Breadcrumbs = forwardRef<HTMLSpanElement, SearchBreadcrumbsProps>(
  function SearchBreadcrumbs({ items, separator = ' › ', ...props }, ref) {
    if (items.length === 0) return null
    return (
      <span ref={ref} data-part="breadcrumbs" {...props}>
        {items.join(separator)}
      </span>
    )
  },
)

export type SearchEmptyProps = ComponentPropsWithoutRef<'div'>

/** Render it (outside `<Search.List>`) when there are no results; it is announced politely. */
export const Empty = forwardRef<HTMLDivElement, SearchEmptyProps>(function SearchEmpty(props, ref) {
  return <div ref={ref} role="status" data-part="empty" {...props} />
})

export type SearchStatusProps = ComponentPropsWithoutRef<'div'>

/** A visually hidden polite live region, e.g. "5 results" or "Searching…". */
export const Status = forwardRef<HTMLDivElement, SearchStatusProps>(function SearchStatus(
  { style, ...props },
  ref,
) {
  return <div ref={ref} role="status" style={{ ...visuallyHiddenStyle, ...style }} {...props} />
})

export interface SearchKeyboardHintProps extends ComponentPropsWithoutRef<'div'> {
  labels?: { navigate?: string; select?: string; close?: string }
}

/**
 * Visible key hints; also linked to the input with `aria-describedby` so the keys are announced.
 */
export const KeyboardHint = forwardRef<HTMLDivElement, SearchKeyboardHintProps>(
  function SearchKeyboardHint({ labels, children, id: idProp, ...props }, ref) {
    const context = useSearchContext('KeyboardHint')
    const generatedId = useId()
    const id = idProp ?? `${generatedId}-hint`
    const { setHintId } = context
    useEffect(() => {
      setHintId(id)
      return () => setHintId(null)
    }, [setHintId, id])
    const content: ReactNode = children ?? (
      <>
        <kbd>↑</kbd>
        <kbd>↓</kbd> {labels?.navigate ?? 'to navigate'} <kbd>Enter</kbd>{' '}
        {labels?.select ?? 'to select'} <kbd>Esc</kbd> {labels?.close ?? 'to close'}
      </>
    )
    return (
      <div ref={ref} id={id} data-part="keyboard-hint" {...props}>
        {content}
      </div>
    )
  },
)
