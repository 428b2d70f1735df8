'use client'

export type {
  DialogCloseProps as CloseProps,
  DialogContentProps as ContentProps,
  DialogDescriptionProps as DescriptionProps,
  DialogOverlayProps as OverlayProps,
  DialogRootProps as RootProps,
  DialogTitleProps as TitleProps,
  DialogTriggerProps as TriggerProps,
} from './dialog'
export { Close, Content, Description, Overlay, Root, Title, Trigger } from './dialog'
