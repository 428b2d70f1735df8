// Type-level: both engines satisfy one interface, so the widget runs on either without a cast.
import * as dropIn from './drop-in'
import type { DocChatEngine } from './engine'
import * as full from './index'

export const engines: DocChatEngine[] = [full, dropIn]
