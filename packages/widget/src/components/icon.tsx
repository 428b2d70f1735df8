import { type ButtonHTMLAttributes, forwardRef } from 'react'
import * as paths from '../icon-paths'

export type IconName = keyof typeof paths

/** Decorative icon; the control it sits in carries the accessible name. */
export function Icon({ name, flip }: { name: IconName; flip?: boolean }) {
  return (
    <svg
      className="docchat-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-flip={flip ? '' : undefined}
    >
      {/* biome-ignore lint/performance/noDynamicNamespaceImportAccess: every icon is used somewhere */}
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'title' | 'aria-label'> {
  icon: IconName
  /** The button's accessible name, and its tooltip: the icon alone says nothing. */
  label: string
  /** Mirror the icon in right-to-left text (an arrow). */
  flip?: boolean
}

/** A button that shows only an icon: every header, composer and answer action. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, flip, className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={className ? `docchat-icon-button ${className}` : 'docchat-icon-button'}
      aria-label={label}
      title={label}
      {...props}
    >
      <Icon name={icon} flip={flip} />
    </button>
  )
})
