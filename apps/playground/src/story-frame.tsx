/** Page-like surroundings for stories: a backdrop matching the theme and room for the panel. */
import type { ReactNode } from 'react'

export function StoryFrame({
  theme = 'light',
  dir,
  children,
}: {
  theme?: 'light' | 'dark' | 'system' | null
  dir?: 'ltr' | 'rtl' | null
  children: ReactNode
}) {
  const dark = theme === 'dark'
  return (
    <div
      dir={dir ?? undefined}
      style={{
        minBlockSize: '100vh',
        boxSizing: 'border-box',
        padding: 16,
        background: dark ? '#0b0d12' : '#f6f7f9',
        color: dark ? '#e5e7eb' : '#111827',
      }}
    >
      {children}
    </div>
  )
}
