// Node-only entry: serve the dev server over HTTP, load docs folders.
export { type ListenOptions, listen, type RunningDevServer, startDevServer } from './node-server'
export { loadDocs } from './docs/load-docs'
