import { createServer } from 'node:http'

/**
 * The benches' page server on 127.0.0.1 and a free port: `handle` answers what it serves and
 * returns `false` for anything else, which gets a 404. `origin` is where the browser goes.
 */
export async function serveOnLoopback(handle) {
  const server = createServer((request, response) => {
    if (handle(request, response, `http://${request.headers.host}`) !== false) return
    response.writeHead(404)
    response.end()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${server.address().port}` }
}
