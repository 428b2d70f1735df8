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
