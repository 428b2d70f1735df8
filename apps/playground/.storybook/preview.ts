import type { Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import '@docchat/widget/styles.css'

// Play functions wait for real work (the in-page dev server, fades, polling); on a busy CI machine
// testing-library's 1 s default for waitFor/findBy* is too tight. A pass still returns at once.
configure({ asyncUtilTimeout: 5000 })

const preview: Preview = {
  parameters: {
    a11y: { test: 'error' },
    layout: 'fullscreen',
  },
}
export default preview
