import type { Meta, StoryObj } from '@storybook/react-vite'
import { apiBaseUrl } from '../../src/mock-api'
import { backendOf, devServerLoader } from '../../src/story-backend'

const meta = { title: 'Debug', loaders: [devServerLoader], render: () => <p>debug</p> } satisfies Meta
export default meta
export const Raw: StoryObj<typeof meta> = {
  play: async ({ loaded }) => {
    const backend = backendOf(loaded)
    const q = 'How do I install the widget?'
    const body = JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: q, parts: [{ type: 'text', text: q }] }] })
    const headers = { Authorization: `Bearer ${backend.server.keys.assistant}` }
    const viaMsw = await (await fetch(`${apiBaseUrl}/discovery/v1/assistant/docchat/message`, { method: 'POST', headers, body })).text()
    const direct = await (await backend.server.fetch(new Request(`${apiBaseUrl}/discovery/v1/assistant/docchat/message`, { method: 'POST', headers, body }))).text()
    console.log('MSW', viaMsw.length, JSON.stringify(viaMsw.slice(-600)))
    console.log('DIRECT', direct.length, JSON.stringify(direct.slice(-600)))
  },
}
