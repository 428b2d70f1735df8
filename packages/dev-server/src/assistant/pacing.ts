/**
 * Pacing of the offline model's stream. Composed instantly, an extractive answer lands in one
 * paint, and nothing in a demo shows what streaming looks like; paced, it arrives the way a hosted
 * model's does: a short think before the search call and before the first token, then tokens at a
 * realistic rate with jitter. Tests and Storybook use `instant` (the fetch handler's default).
 */
import type { LanguageModelV1StreamPart } from 'ai'
import { sleep } from '../http'

export interface AnswerPace {
  /** Mean output rate. Hosted chat models stream about 40–100 tokens per second. */
  tokensPerSecond: number
  /** ± share of each delay drawn at random, so the rhythm is uneven like a real stream. */
  jitter: number
  /** Mean wait before a step's first part (the model reading its prompt and tool results). */
  thinkMs: number
}

/** What `npm run dev` and the CLI use: close to a small hosted model. */
export const modelPace: AnswerPace = { tokensPerSecond: 60, jitter: 0.4, thinkMs: 300 }

/** `instant`, `model`, or a number of tokens per second (`0` is instant). */
export type AnswerPaceSetting = 'instant' | 'model' | number | AnswerPace

export function resolvePace(setting: AnswerPaceSetting | undefined): AnswerPace | undefined {
  if (setting === undefined || setting === 'instant' || setting === 0) return undefined
  if (setting === 'model') return modelPace
  if (typeof setting === 'number') {
    if (!(setting > 0) || !Number.isFinite(setting)) return undefined
    return { ...modelPace, tokensPerSecond: setting }
  }
  return setting.tokensPerSecond > 0 ? setting : undefined
}

/** Parses the CLI's `--pace` value; throws on anything else. */
export function parsePace(value: string): AnswerPaceSetting {
  const text = value.trim().toLowerCase()
  if (text === 'instant' || text === 'model') return text
  const rate = Number(text)
  if (text !== '' && Number.isFinite(rate) && rate >= 0) return rate
  throw new Error(`Invalid --pace "${value}": use "model", "instant" or tokens per second`)
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.round(text.length / 4))
}

function jittered(ms: number, pace: AnswerPace, random: () => number): number {
  return Math.max(0, ms * (1 + (random() * 2 - 1) * pace.jitter))
}

/** `sleep`, and no wait at all once the reader has gone. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return signal?.aborted ? Promise.resolve() : sleep(ms, signal)
}

/** A model step's parts as a stream, delayed like a model's output when `pace` is set. */
export function pacedStream(
  parts: readonly LanguageModelV1StreamPart[],
  pace: AnswerPace | undefined,
  signal?: AbortSignal,
  random: () => number = Math.random,
): ReadableStream<LanguageModelV1StreamPart> {
  if (!pace) {
    return new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part)
        controller.close()
      },
    })
  }
  let next = 0
  let started = false
  return new ReadableStream({
    async pull(controller) {
      const part = parts[next++]
      if (!part || signal?.aborted) {
        controller.close()
        return
      }
      if (!started) {
        started = true
        await wait(jittered(pace.thinkMs, pace, random), signal)
      } else if (part.type === 'text-delta') {
        const ms = (estimateTokens(part.textDelta) / pace.tokensPerSecond) * 1000
        await wait(jittered(ms, pace, random), signal)
      }
      controller.enqueue(part)
    },
  })
}
