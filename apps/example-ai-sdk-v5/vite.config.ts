import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'

// #region proxy
// `/api/docchat/…` → the documentation API with the assistant key added by this server, in
// `vite` (dev) and `vite preview` alike. DOCCHAT_API_URL defaults to the local dev server
// (`npx @docchat/dev-server`); in production your host's proxy does the same.
const docchatProxy: ProxyOptions = {
  target: process.env.DOCCHAT_API_URL ?? 'http://127.0.0.1:8787',
  changeOrigin: true,
  rewrite: (path) => path.replace(/^\/api\/docchat/, ''),
  headers: { Authorization: `Bearer ${process.env.DOCCHAT_ASSISTANT_KEY ?? 'mint_dsc_dev_local'}` },
}
// #endregion proxy

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api/docchat': docchatProxy } },
  preview: { proxy: { '/api/docchat': docchatProxy } },
})
