import { readFileSync } from 'node:fs'
import { parseDataStreamLine } from '../src/data-stream'
const sample = readFileSync('/work/shared/spec/samples/mintie-bot-response_prod.txt', 'utf8')
const text = sample.repeat(3873)
const lines = text.split('\n').filter(Boolean)
function t(name: string, f: () => void) { for (let i=0;i<3;i++) f(); const s=performance.now(); for (let i=0;i<5;i++) f(); console.log(name, ((performance.now()-s)/5).toFixed(1), 'ms') }
t('json.parse only', () => { for (const l of lines) JSON.parse(l.slice(l.indexOf(':')+1)) })
t('parseDataStreamLine', () => { for (let i=0;i<lines.length;i++) parseDataStreamLine(lines[i]!, i) })
t('split', () => { text.split('\n') })
async function it(n: number) { let c = 0; const iter = { i: 0, next() { return this.i++ < n ? Promise.resolve({done:false, value: 1}) : Promise.resolve({done:true, value: undefined}) }, [Symbol.asyncIterator]() { return this } }; for await (const x of iter as any) c++; return c }
for (let i=0;i<3;i++) await it(lines.length)
let s = performance.now(); await it(lines.length); console.log('async iter only', (performance.now()-s).toFixed(1))
async function it2(n: number) { let c = 0; let i = 0; const iter = { async next() { return i++ < n ? {done:false, value: 1} : {done:true, value: undefined} }, [Symbol.asyncIterator]() { return this } }; for await (const x of iter as any) c++; return c }
for (let i=0;i<3;i++) await it2(lines.length)
s = performance.now(); await it2(lines.length); console.log('async fn iter only', (performance.now()-s).toFixed(1))
