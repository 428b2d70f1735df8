/** Bearer keys: assistant keys (`mint_dsc_…`) open the discovery group, admin keys (`mint_…`) the rest. */
import { HttpError } from './http'
import { isLineTerminator, whitespaceEnd } from './text-scan'

export type KeyKind = 'assistant' | 'admin'

export interface KeyRing {
  assistant: ReadonlySet<string>
  admin: ReadonlySet<string>
}

/**
 * The key of `Authorization: Bearer <key>`, as `/^Bearer\s+(.+)$/i` read the trimmed header: the
 * scheme, whitespace, then a key on one line. Read by position: the regex backtracked through a
 * long run of whitespace.
 */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization')
  if (!header) return undefined
  const value = header.trim()
  if (!/^bearer$/i.test(value.slice(0, 6))) return undefined
  const start = whitespaceEnd(value, 6)
  if (start === 6) return undefined
  const token = value.slice(start)
  for (let index = 0; index < token.length; index++) {
    if (isLineTerminator(token.charCodeAt(index))) return undefined
  }
  return token.trim() || undefined
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
