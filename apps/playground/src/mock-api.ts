/**
 * The msw service worker that answers the documentation API in the browser from an in-page dev
 * server. One worker per page; each story swaps in handlers for its own dev server.
 */
import { createDevServerHandlers, type DevServerLike } from '@docchat/dev-server/msw'
import { HttpResponse, http, type RequestHandler } from 'msw'
import { type SetupWorker, setupWorker } from 'msw/browser'

/** The client's default base URL: stories call the real API address and never reach it. */
export const apiBaseUrl = 'https://api.mintlify.com'

let worker: SetupWorker | undefined
let started: Promise<unknown> | undefined

function startWorker(): Promise<unknown> {
  worker ??= setupWorker()
  started ??= worker.start({
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL ?? '/'}mockServiceWorker.js` },
    onUnhandledRequest(request, print) {
      // Storybook and Vite load modules through the same origin: only the API must be handled.
      if (request.url.startsWith(apiBaseUrl)) print.error()
    },
  })
  return started
}

/** Routes every API request to `server` (its faults, rate limits and clock apply). */
export async function serveDevServer(server: DevServerLike): Promise<void> {
  await startWorker()
  worker!.resetHandlers(...createDevServerHandlers(server, { baseUrl: apiBaseUrl }))
}

/** Every API request fails the way an offline browser's fetch does (`TypeError: Failed to fetch`). */
export async function serveNetworkFailure(): Promise<void> {
  await startWorker()
  const handlers: RequestHandler[] = [http.all(`${apiBaseUrl}/*`, () => HttpResponse.error())]
  worker!.resetHandlers(...handlers)
}
