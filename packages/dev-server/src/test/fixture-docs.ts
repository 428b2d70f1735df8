/** A small docs set for tests that need exact answers (the real default corpus keeps growing). */
import { parseDocs } from '../docs/parse-docs'
import type { DocsCorpus } from '../docs/types'

export const fixtureFiles: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme',
    theme: 'mint',
    colors: { primary: '#000000' },
    navigation: {
      groups: [
        { group: 'Get started', pages: ['introduction', 'quickstart'] },
        { group: 'Guides', pages: ['guides/webhooks', 'guides/rate-limits', 'guides/theming'] },
      ],
    },
  }),
  'introduction.mdx': `---
title: Introduction
description: Acme sends invoices for you.
---

Acme is an invoicing service. It sends invoices, collects payments and reminds late payers.

## Accounts

Every account has a workspace. A workspace holds customers, invoices and API keys.
`,
  'quickstart.mdx': `---
title: Quickstart
description: Install the Acme CLI and send your first invoice.
---

Install the Acme CLI with npm, then log in with your API key.

\`\`\`bash
npm install -g @acme/cli
acme login --key sk_test_123
\`\`\`

## Send an invoice

Run the send command with a customer email and an amount in cents. The CLI prints the invoice id.

\`\`\`bash
acme invoices send --to jane@example.com --amount 5000
\`\`\`
`,
  'guides/webhooks.mdx': `---
title: Webhooks
description: Get notified when an invoice is paid.
---

Webhooks notify your server when an invoice changes state. Acme signs every webhook with your signing secret.

## Verify signatures

Compute an HMAC SHA-256 of the raw body with your signing secret and compare it with the Acme-Signature header. Reject the webhook when they differ.

\`\`\`ts
import { createHmac } from 'node:crypto'

export function verifyWebhook(body: string, signature: string, secret: string) {
  return createHmac('sha256', secret).update(body).digest('hex') === signature
}
\`\`\`

## Retries

Acme retries a failed webhook delivery up to eight times over three days, with exponential backoff.
`,
  'guides/rate-limits.mdx': `---
title: Rate limits
description: How many API requests you can make.
---

The Acme API allows 100 requests per second per workspace. Requests over the limit get a 429 response with a Retry-After header.

## Backoff

Wait for the number of seconds in Retry-After before retrying. Use exponential backoff when the header is missing.
`,
  'guides/theming.mdx': `---
title: Theming invoices
description: Change the colors and logo on invoices.
---

Invoices use your workspace logo and brand color. Set them in the dashboard under Settings, Branding.

## Custom fonts

Upload a font file to use it on invoices. Acme supports WOFF2 and TTF fonts.
`,
}

export function fixtureCorpus(name = 'acme'): DocsCorpus {
  return parseDocs(fixtureFiles, { name })
}
