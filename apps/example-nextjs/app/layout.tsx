import type { Metadata } from 'next'
import type { ReactNode } from 'react'
// #region styles
// The widget's stylesheet, once for the whole app (its classes all start with `docchat-`).
import '@docchat/widget/styles.css'
// #endregion styles

export const metadata: Metadata = {
  title: 'Acme Docs',
  description: 'A Next.js docs site with DocChat search and the Ask AI assistant',
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
