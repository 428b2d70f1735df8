import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Acme Docs',
  description: 'A VitePress site with DocChat search and the Ask AI assistant',
  head: [
    // #region drop-in
    [
      'script',
      {
        src: 'https://cdn.jsdelivr.net/npm/@docchat/drop-in@0.1.0/docchat.js',
        integrity: 'sha384-CHS687mephWzJturNC3G5hPblsm/BdjBAU7GWQir8N2Z/EDbRhEgh1ZJPLH0MiKu',
        crossorigin: 'anonymous',
        defer: '',
        'data-domain': 'docchat',
        // The local dev server (npx @docchat/dev-server); in production use data-proxy-url.
        'data-api-base-url': 'http://127.0.0.1:8787',
        'data-assistant-key': 'mint_dsc_dev_local',
        'data-docs-base-url': 'http://127.0.0.1:4321',
        // Selecting text in a page, or a code block's button, asks about it.
        'data-context-selector': '.vp-doc',
        'data-capture-code-blocks': 'true',
      },
    ],
    // #endregion drop-in
  ],
  themeConfig: {
    nav: [{ text: 'Guide', link: '/guide' }],
    sidebar: [{ text: 'Guide', items: [{ text: 'Getting started', link: '/guide' }] }],
  },
})
