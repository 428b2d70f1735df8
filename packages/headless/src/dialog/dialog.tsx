'use client'

import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type MouseEvent,
  type RefObject,
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
import { useFocusTrap } from './focus-scope'
import { useScrollLock } from './scroll-lock'

interface DialogContextValue {
  open: boolean
  setOpen(open: boolean): void
  modal: boolean
  contentId: string
  titleId: string | null
  setTitleId(id: string | null): void
  descriptionId: string | null
  setDescriptionId(id: string | null): void
  triggerRef: RefObject<HTMLButtonElement | null>
}

const DialogContext = createContext<DialogContextValue | null>(null)

function useDialogContext(part: string): DialogContextValue {
  const context = useContext(DialogContext)
  if (!context) throw new Error(`<Dialog.${part}> must be rendered inside <Dialog.Root>.`)
  return context
}

const getState = (open: boolean) => (open ? 'open' : 'closed')

interface Layer {
  element: HTMLElement | null
}

// Open dialogs, innermost last: only the innermost handles Escape and outside clicks.
const layers: Layer[] = []

function addLayer(layer: Layer): void {
  // Nested dialogs mounted together register child first; keep a parent below its children.
  const index = layers.findIndex((other) => other.element && layer.element?.contains(other.element))
  if (index === -1) layers.push(layer)
  else layers.splice(index, 0, layer)
}

/* -------------------------------------------------------------------------------------------------
 * Root
 * -----------------------------------------------------------------------------------------------*/

export interface DialogRootProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Modal dialogs trap focus, lock page scroll and set `aria-modal`; non-modal ones (side panels)
   * leave the page usable. Defaults to `true`.
   */
  modal?: boolean
  children?: React.ReactNode
}

export function Root({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  modal = true,
  children,
}: DialogRootProps) {
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })
  const contentId = useId()
  const [titleId, setTitleId] = useState<string | null>(null)
  const [descriptionId, setDescriptionId] = useState<string | null>(null)
  const triggerRef = useRef<HTMLButtonElement | null>(null)
  const value = useMemo(
    () => ({
      open,
      setOpen,
      modal,
      contentId,
      titleId,
      setTitleId,
      descriptionId,
      setDescriptionId,
      triggerRef,
    }),
    [open, setOpen, modal, contentId, titleId, descriptionId],
  )
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>
}

/* -------------------------------------------------------------------------------------------------
 * Trigger
 * -----------------------------------------------------------------------------------------------*/

export type DialogTriggerProps = ComponentPropsWithoutRef<'button'>

export const Trigger = forwardRef<HTMLButtonElement, DialogTriggerProps>(function DialogTrigger(
  { onClick, ...props },
  forwardedRef,
) {
  const context = useDialogContext('Trigger')
  const ref = useComposedRefs(forwardedRef, context.triggerRef)
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={context.open}
      aria-controls={context.open ? context.contentId : undefined}
      data-state={getState(context.open)}
      {...props}
      onClick={composeEventHandlers(onClick, () => context.setOpen(!context.open))}
    />
  )
})

/* -------------------------------------------------------------------------------------------------
 * Overlay
 * -----------------------------------------------------------------------------------------------*/

export interface DialogOverlayProps extends ComponentPropsWithoutRef<'div'> {
  forceMount?: boolean
}

/** A backdrop for modal dialogs (render it before `Content`); not rendered for non-modal ones. */
export const Overlay = forwardRef<HTMLDivElement, DialogOverlayProps>(function DialogOverlay(
  { forceMount, ...props },
  ref,
) {
  const context = useDialogContext('Overlay')
  if (!context.modal || (!context.open && !forceMount)) return null
  return <div ref={ref} data-state={getState(context.open)} aria-hidden="true" {...props} />
})

/* -------------------------------------------------------------------------------------------------
 * Content
 * -----------------------------------------------------------------------------------------------*/

export interface DialogContentProps extends ComponentPropsWithoutRef<'div'> {
  /** Keep mounted (hidden) while closed, e.g. for exit animations or to keep state. */
  forceMount?: boolean
  /** Close on Escape. Defaults to `true`. */
  closeOnEscape?: boolean
  /** Close on a pointer down outside. Defaults to `true` for modal, `false` for non-modal. */
  dismissOnInteractOutside?: boolean
  /** Lock page scroll while open. Defaults to `modal`. */
  lockScroll?: boolean
  /** Trap Tab. Defaults to `modal`. */
  trapFocus?: boolean
  onEscapeKeyDown?: (event: KeyboardEvent) => void
  onInteractOutside?: (event: PointerEvent) => void
  onOpenAutoFocus?: (event: Event) => void
  onCloseAutoFocus?: (event: Event) => void
  initialFocus?: RefObject<HTMLElement | null>
  /**
   * Where focus returns on close when what had it before opening is gone or was the page itself.
   * Defaults to `Dialog.Trigger`; for a trigger rendered elsewhere (a drop-in's own button), or one
   * that hides while the dialog is open and so may lose focus before the dialog takes it.
   */
  returnFocus?: RefObject<HTMLElement | null>
}

export const Content = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { forceMount, ...props },
  ref,
) {
  const context = useDialogContext('Content')
  if (!context.open && !forceMount) return null
  if (!context.open) {
    const {
      closeOnEscape: _escape,
      dismissOnInteractOutside: _outside,
      lockScroll: _lock,
      trapFocus: _trap,
      onEscapeKeyDown: _onEscape,
      onInteractOutside: _onOutside,
      onOpenAutoFocus: _onOpen,
      onCloseAutoFocus: _onClose,
      initialFocus: _initial,
      returnFocus: _returnFocus,
      ...rest
    } = props
    return <div ref={ref} id={context.contentId} data-state="closed" hidden {...rest} />
  }
  return <OpenContent ref={ref} {...props} />
})

const OpenContent = forwardRef<HTMLDivElement, Omit<DialogContentProps, 'forceMount'>>(
  function DialogOpenContent(
    {
      closeOnEscape = true,
      dismissOnInteractOutside,
      lockScroll,
      trapFocus,
      onEscapeKeyDown,
      onInteractOutside,
      onOpenAutoFocus,
      onCloseAutoFocus,
      initialFocus,
      returnFocus,
      ...props
    },
    forwardedRef,
  ) {
    const context = useDialogContext('Content')
    const contentRef = useRef<HTMLDivElement | null>(null)
    const ref = useComposedRefs(forwardedRef, contentRef)
    const { modal, setOpen, triggerRef } = context
    const dismissOutside = dismissOnInteractOutside ?? modal
    const [layer] = useState<Layer>(() => ({ element: null }))
    const onEscape = useCallbackRef(onEscapeKeyDown)
    const onOutside = useCallbackRef(onInteractOutside)

    useFocusTrap(contentRef, {
      trapped: trapFocus ?? modal,
      initialFocus,
      returnFocus: returnFocus ?? (triggerRef.current ? triggerRef : undefined),
      onMountAutoFocus: onOpenAutoFocus,
      onUnmountAutoFocus: onCloseAutoFocus,
    })
    useScrollLock(lockScroll ?? modal, contentRef)

    useIsomorphicLayoutEffect(() => {
      layer.element = contentRef.current
      addLayer(layer)
      return () => {
        const index = layers.lastIndexOf(layer)
        if (index !== -1) layers.splice(index, 1)
      }
    }, [layer])

    useEffect(() => {
      const content = contentRef.current
      if (!content) return
      const document = content.ownerDocument
      const isTopLayer = () => layers[layers.length - 1] === layer

      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !isTopLayer() || event.defaultPrevented) return
        // A non-modal panel only closes when the Escape comes from inside it.
        if (!modal && !event.composedPath().includes(content)) return
        onEscape(event)
        if (event.defaultPrevented || !closeOnEscape) return
        event.preventDefault()
        setOpen(false)
      }
      const onPointerDown = (event: PointerEvent) => {
        if (!isTopLayer()) return
        const path = event.composedPath()
        if (path.includes(content)) return
        // The trigger toggles by itself; treating its press as "outside" would reopen at once.
        if (triggerRef.current && path.includes(triggerRef.current)) return
        onOutside(event)
        if (event.defaultPrevented || !dismissOutside) return
        setOpen(false)
      }
      document.addEventListener('keydown', onKeyDown)
      document.addEventListener('pointerdown', onPointerDown, true)
      return () => {
        document.removeEventListener('keydown', onKeyDown)
        document.removeEventListener('pointerdown', onPointerDown, true)
      }
    }, [layer, modal, closeOnEscape, dismissOutside, onEscape, onOutside, setOpen, triggerRef])

    return (
      <div
        ref={ref}
        id={context.contentId}
        role="dialog"
        aria-modal={modal || undefined}
        aria-labelledby={context.titleId ?? undefined}
        aria-describedby={context.descriptionId ?? undefined}
        tabIndex={-1}
        data-state="open"
        data-modal={modal ? '' : undefined}
        {...props}
      />
    )
  },
)

/* -------------------------------------------------------------------------------------------------
 * Title / Description / Close
 * -----------------------------------------------------------------------------------------------*/

/** The element's id (its own or a generated one), registered with the dialog while mounted. */
function useRegisteredId(idProp: string | undefined, register: (id: string | null) => void) {
  const generatedId = useId()
  const id = idProp ?? generatedId
  useIsomorphicLayoutEffect(() => {
    register(id)
    return () => register(null)
  }, [register, id])
  return id
}

export type DialogTitleProps = ComponentPropsWithoutRef<'h2'>

export const Title = forwardRef<HTMLHeadingElement, DialogTitleProps>(function DialogTitle(
  { id: idProp, ...props },
  ref,
) {
  const id = useRegisteredId(idProp, useDialogContext('Title').setTitleId)
  return <h2 ref={ref} id={id} {...props} />
})

export type DialogDescriptionProps = ComponentPropsWithoutRef<'p'>

export const Description = forwardRef<HTMLParagraphElement, DialogDescriptionProps>(
  function DialogDescription({ id: idProp, ...props }, ref) {
    const id = useRegisteredId(idProp, useDialogContext('Description').setDescriptionId)
    return <p ref={ref} id={id} {...props} />
  },
)

export type DialogCloseProps = ComponentPropsWithoutRef<'button'>

export const Close = forwardRef<HTMLButtonElement, DialogCloseProps>(function DialogClose(
  { onClick, ...props },
  ref,
) {
  const context = useDialogContext('Close')
  return (
    <button
      ref={ref}
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, (_event: MouseEvent<HTMLButtonElement>) =>
        context.setOpen(false),
      )}
    />
  )
})
