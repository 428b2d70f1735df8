/** Bearer keys: assistant keys (`mint_dsc_…`) open the discovery group, admin keys (`mint_…`) the rest. */
import { HttpError } from './http'

export type KeyKind = 'assistant' | 'admin'

export interface KeyRing {
  assistant: ReadonlySet<string>
  admin: ReadonlySet<string>
}

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization')
  if (!header) return undefined
  const match = /^Bearer\s+(.+)$/i.exec(header.trim())
  return match?.[1]?.trim() || undefined
}

/** Returns the key when it is of the wanted kind; 401 when missing or unknown, 403 when the other kind. */
export function authenticate(request: Request, keys: KeyRing, wanted: KeyKind): string {
  const token = bearerToken(request)
  if (!token) {
    throw new HttpError(401, `Missing API key: send "Authorization: Bearer <${wanted} key>"`, {
      field: 'authorization',
    })
  }
  if (keys[wanted].has(token)) return token
  const other: KeyKind = wanted === 'admin' ? 'assistant' : 'admin'
  if (keys[other].has(token)) {
    throw new HttpError(
      403,
      wanted === 'admin'
        ? 'This endpoint needs an admin API key (mint_…); an assistant key was sent'
        : 'This endpoint needs an assistant API key (mint_dsc_…); an admin key was sent',
      { field: 'authorization' },
    )
  }
  throw new HttpError(401, 'Invalid API key', { field: 'authorization' })
}
