import { readDataStream } from '@docchat/core'
import { describe, expect, it } from 'vitest'
import { createDevServer } from '../server'
import { fixtureCorpus } from '../test/fixture-docs'
import { ask } from '../test/requests'
import { modelPace, parsePace, resolvePace } from './pacing'

/** Times of the first text part and of the last, and the text's size, read as a client does. */
async function timeAnswer(answerPace?: 'model' | 'instant' | number) {
  const server = await createDevServer({
    docs: { acme: fixtureCorpus() },
    seed: false,
    ...(answerPace === undefined ? {} : { answerPace }),
  })
  const start = performance.now()
  const response = await ask(server, 'acme', 'How do I verify webhook signatures?')
  let first: number | undefined
  let last = 0
  let text = ''
  for await (const event of readDataStream(response.body!)) {
    if (event.type !== 'text') continue
    first ??= performance.now() - start
    last = performance.now() - start
    text += event.text
  }
  return { first: first ?? 0, last, tokens: text.length / 4 }
}

describe('answer pacing', () => {
  it('reads "model", "instant" and tokens per second', () => {
    expect(parsePace('model')).toBe('model')
    expect(parsePace('instant')).toBe('instant')
    expect(parsePace('40')).toBe(40)
    expect(() => parsePace('fast')).toThrow(/--pace/)
    expect(resolvePace('instant')).toBeUndefined()
    expect(resolvePace(0)).toBeUndefined()
    expect(resolvePace('model')).toBe(modelPace)
    expect(resolvePace(80)?.tokensPerSecond).toBe(80)
  })

  it('streams like a model when asked: a think before the first token, then tens of tokens per second', async () => {
    const paced = await timeAnswer('model')
    // Two thinks (before the search call, before the answer), each 300 ms ± 40%.
    expect(paced.first).toBeGreaterThan(2 * modelPace.thinkMs * (1 - modelPace.jitter) - 20)
    const rate = paced.tokens / ((paced.last - paced.first) / 1000)
    console.info(
      `paced: first token ${Math.round(paced.first)} ms, ${Math.round(paced.tokens)} tokens in ${Math.round(paced.last - paced.first)} ms (${Math.round(rate)} tokens/s)`,
    )
    // Jitter averages out over an answer; a loaded machine only makes it slower.
    expect(rate).toBeGreaterThan(20)
    expect(rate).toBeLessThan(modelPace.tokensPerSecond * 1.5)
  }, 30_000)

  it('is instant by default in the fetch handler (tests, Storybook)', async () => {
    const instant = await timeAnswer()
    const paced = await timeAnswer(400)
    expect(instant.last).toBeLessThan(paced.last)
    expect(instant.last - instant.first).toBeLessThan(paced.last - paced.first)
    expect(instant.first).toBeLessThan(2 * modelPace.thinkMs * (1 - modelPace.jitter))
  }, 30_000)
})
