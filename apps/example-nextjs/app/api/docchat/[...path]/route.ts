// #region proxy
// Forwards DocChat's requests to the API with the assistant key added here, on the server
// (DOCCHAT_ASSISTANT_KEY; DOCCHAT_API_URL for anything but the hosted API).

// Only what readers use: the assistant, search and page content.
const allowed = /^discovery\/v[12]\/(assistant\/[\w-]+\/message|search\/[\w-]+|page\/[\w-]+)$/
// What DocChat reads from a response: the stream's format, the thread (follow-up questions
// continue it), the answer mode (the disclaimer's wording) and, on 429, when to retry.
const forwardedHeaders = [
  'content-type',
  'x-thread-id',
  'x-thread-key',
  'x-docchat-answer-mode',
  'x-vercel-ai-data-stream',
  'x-vercel-ai-ui-message-stream',
  'retry-after',
]

export async function POST(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const path = (await params).path.join('/')
  if (path.length > 512 || !allowed.test(path)) {
    return Response.json({ message: 'Not found' }, { status: 404 })
  }

  const upstream = process.env.DOCCHAT_API_URL ?? 'https://api.mintlify.com'
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${process.env.DOCCHAT_ASSISTANT_KEY}`,
    },
    body: request.body,
    duplex: 'half', // Node's fetch streams a request body only with this
    signal: request.signal, // the reader pressed Stop: stop the upstream answer too
  }
  let response: Response
  try {
    response = await fetch(`${upstream}/${path}`, init)
  } catch {
    return Response.json({ message: 'The documentation API is unreachable' }, { status: 502 })
  }

  const headers = new Headers()
  for (const name of forwardedHeaders) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  // The body streams through as it arrives: never buffer it.
  return new Response(response.body, { status: response.status, headers })
}
// #endregion proxy
