// The decoder lives in core, next to the URL policy that depends on it reading `&colon;` the way a
// browser does; the markdown parser uses the same one.
export { decodeEntities } from '@docchat/core/internal'
