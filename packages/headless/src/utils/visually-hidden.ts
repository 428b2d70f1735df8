import type { CSSProperties } from 'react'

/** Hidden from sight, still read by screen readers (behaviour, not presentation). */
export const visuallyHiddenStyle: CSSProperties = {
  position: 'absolute',
  border: 0,
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
}
