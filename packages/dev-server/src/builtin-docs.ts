/**
 * A tiny docs set the server falls back to when no docs folder is given and the kit's own docs
 * (`apps/docs` in the repository) are not there, e.g. when installed from npm. Real docs are always
 * better: pass `--docs name=path`.
 */
export const builtinDocsFiles: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'DocChat dev server',
    theme: 'mint',
    colors: { primary: '#4F46E5' },
    navigation: {
      groups: [{ group: 'Dev server', pages: ['introduction', 'endpoints', 'faults'] }],
    },
  }),
  'introduction.mdx': `---
title: Introduction
description: The DocChat dev server is a local implementation of the documentation API.
---

The DocChat dev server answers the Mintlify-compatible documentation API on your machine: search,
page content, a streamed assistant, agent jobs and update status. It needs no network and no model.

## Start it

Run the CLI with a Mintlify docs folder. Each folder is served under its own domain.

\`\`\`bash
npx docchat-dev-server --docs docs=./docs --port 8787
\`\`\`

The CLI prints its URL, the domains it serves and the API keys to use.
`,
  'endpoints.mdx': `---
title: Endpoints
description: The routes the dev server answers.
---

## Discovery

Send an assistant key as a bearer token. Search returns a bare array of results with content, path
and metadata. The assistant streams an AI SDK data stream with a search tool call and the answer.

## Admin

Agent jobs and update status need an admin key. Jobs and updates progress on their own over a few
seconds.
`,
  'faults.mdx': `---
title: Fault injection
description: Make responses slow or broken on purpose.
---

Send the x-docchat-fault header to make one response slow or broken, for example
latency=200, first-byte=300, token-rate=40, cut-after=5, status=503, malformed-line or error-part.
`,
}
