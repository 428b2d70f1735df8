// A Server Component page (no 'use client'), as the App Router makes every page by default.
// #region widget
import { DocChatWidget } from '@docchat/widget'

export default function Page() {
  return (
    <main>
      <h1>Acme Docs</h1>
      <p>Press ⌘K to search, or ⌘I to ask the assistant.</p>
      {/* Serializable props only: the widget (a Client Component) builds its own client. */}
      <DocChatWidget
        domain="docchat"
        // This app's route handler (app/api/docchat/[...path]/route.ts) adds the key on the server.
        proxyUrl="/api/docchat"
        // Inline citations and sources are links into your docs site.
        docsBaseUrl="http://127.0.0.1:4321"
        starterQuestions={['How do I install DocChat?']}
      />
    </main>
  )
}
// #endregion widget
