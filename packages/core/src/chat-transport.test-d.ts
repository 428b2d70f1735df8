/**
 * Type-level check (run by `tsc --noEmit`): the structural transport is assignable to the real
 * `ChatTransport<UIMessage>` of every supported AI SDK major, and its chunks to their `UIMessageChunk`.
 */
import type {
  ChatTransport as ChatTransportV5,
  UIMessage as UIMessageV5,
  UIMessageChunk as ChunkV5,
} from 'ai-v5'
import type { ChatTransport as ChatTransportV5Low, UIMessage as UIMessageV5Low } from 'ai-v5-low'
import type {
  ChatTransport as ChatTransportV6,
  UIMessage as UIMessageV6,
  UIMessageChunk as ChunkV6,
} from 'ai-v6'
import type {
  ChatTransport as ChatTransportV7,
  UIMessage as UIMessageV7,
  UIMessageChunk as ChunkV7,
} from 'ai-v7'
import { expectTypeOf } from 'vitest'
import { createDocsChatTransport, type DocsChatTransport } from './chat-transport'
import type { DocsUIMessageChunk } from './ui-message-chunks'

expectTypeOf<DocsChatTransport>().toExtend<ChatTransportV5<UIMessageV5>>()
expectTypeOf<DocsChatTransport>().toExtend<ChatTransportV5Low<UIMessageV5Low>>()
expectTypeOf<DocsChatTransport>().toExtend<ChatTransportV6<UIMessageV6>>()
expectTypeOf<DocsChatTransport>().toExtend<ChatTransportV7<UIMessageV7>>()

expectTypeOf<DocsUIMessageChunk>().toExtend<ChunkV5>()
expectTypeOf<DocsUIMessageChunk>().toExtend<ChunkV6>()
expectTypeOf<DocsUIMessageChunk>().toExtend<ChunkV7>()

// The same, as plain assignments (what `new Chat({ transport })` / `useChat({ transport })` need).
declare const transport: DocsChatTransport
export const v5: ChatTransportV5<UIMessageV5> = transport
export const v6: ChatTransportV6<UIMessageV6> = transport
export const v7: ChatTransportV7<UIMessageV7> = transport

// `protocol: 'v2'` returns the same transport type, so it fits every major's `ChatTransport` too.
const v2Transport = createDocsChatTransport({ api: '/v2', domain: 'docs', protocol: 'v2' })
export const v2OnV5: ChatTransportV5<UIMessageV5> = v2Transport
export const v2OnV6: ChatTransportV6<UIMessageV6> = v2Transport
export const v2OnV7: ChatTransportV7<UIMessageV7> = v2Transport
