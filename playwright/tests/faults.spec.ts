import { expect, type Page, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  ask,
  askOnQuickstart,
  assistantDialog,
  assistantPath,
  bodyOf,
  consoleMessages,
  injectFault,
  isAssistantRequest,
  openAssistant,
} from './support/widget'

const alertOf = (page: Page) => assistantDialog(page).getByRole('alert')
const retryButton = (page: Page) => alertOf(page).getByRole('button', { name: /^Retry/ })

async function retrySucceeds(page: Page): Promise<void> {
  await expect(retryButton(page)).toBeVisible()
  const retried = page.waitForRequest(isAssistantRequest)
  await retryButton(page).click()
  const response = await (await retried).response()
  expect(response?.status()).toBe(200)
  await answerComplete(page)
  await expect(alertOf(page)).toHaveCount(0)
  await expect(answers(page)).toHaveCount(1)
}

test.describe('Faults', () => {
  test('401: a plain sentence for readers, the key detail in the console, no retry', async ({
    page,
  }) => {
    const logged = consoleMessages(page, (message) => message.type() === 'error')
    const request = await askOnQuickstart(page, 'How do I proxy the assistant key?', 'status=401')
    expect((await request.response())?.status()).toBe(401)
    await expect(alertOf(page)).toContainText(
      'The assistant isn’t available on this site right now.',
    )
    await expect(alertOf(page)).not.toContainText('assistantKey')
    await expect.poll(() => logged.join('\n')).toContain('assistant key was rejected (401)')
    await expect(alertOf(page)).toHaveAttribute('data-kind', 'unauthorized')
    await expect(retryButton(page)).toHaveCount(0)
    // The question stays so it can be sent again once the key is fixed.
    await expect(assistantDialog(page).getByRole('log')).toContainText(
      'How do I proxy the assistant key?',
    )
  })

  test('429: counts down from Retry-After, then retry works', async ({ page }) => {
    // Questions take core's retry policy: a 429 is asked again once after its Retry-After (1 s);
    // the second 429 would wait past the policy's total, so it is shown.
    await injectFault(page, 'status=429', { times: 2 })
    await page.goto('/quickstart')
    await openAssistant(page)
    const asked: number[] = []
    page.on('request', (request) => {
      if (isAssistantRequest(request)) asked.push(Date.now())
    })
    const request = await ask(page, 'How do I proxy the assistant key?')
    const response = await request.response()
    expect(response?.status()).toBe(429)
    expect(await response?.headerValue('retry-after')).toBe('1')
    await expect(alertOf(page)).toHaveAttribute('data-kind', 'rate-limited')
    expect(asked).toHaveLength(2)
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(950)
    await expect(alertOf(page)).toContainText(/Too many questions right now/)
    // The dev server says one second: the retry unlocks by itself.
    await expect(retryButton(page)).toBeEnabled({ timeout: 5_000 })
    await expect(alertOf(page)).toContainText('You can try again now.')
    await retrySucceeds(page)
  })

  // A 503 proves the server generated nothing, so core asks again (3 attempts in all); a 500 may
  // have produced an answer, so it is shown at once.
  for (const [status, attempts] of [
    [500, 1],
    [503, 3],
  ] as const) {
    test(`${status}: says the assistant ran into a problem; retry works`, async ({ page }) => {
      const request = await askOnQuickstart(
        page,
        'How do I proxy the assistant key?',
        `status=${status}`,
        { times: attempts },
      )
      expect((await request.response())?.status()).toBe(status)
      await expect(alertOf(page)).toHaveAttribute('data-kind', 'server')
      await expect(alertOf(page)).toContainText('The assistant ran into a problem.')
      await retrySucceeds(page)
    })
  }

  test('a stream cut mid-answer keeps what arrived and offers a retry', async ({ page }) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?', 'cut-after=12', { times: 1 })
    await expect(alertOf(page)).toBeVisible()
    await expect(alertOf(page)).toContainText(
      'The answer was cut short; what arrived is kept above.',
    )
    const partial = answers(page).last()
    await expect(partial).toContainText(/proxy/i)
    await retrySucceeds(page)
  })

  test('404 (a thread the server does not know): the question is asked again as a new thread', async ({
    page,
  }) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?')
    await answerComplete(page)
    // Tamper with the follow-up's threadKey on its way out: the dev server answers 404.
    await page.route(
      (url) => url.pathname === assistantPath,
      async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown> | null
        if (route.request().method() !== 'POST' || !body?.threadId) return route.fallback()
        await route.continue({ postData: JSON.stringify({ ...body, threadKey: 'not-the-key' }) })
      },
    )
    const resent = page.waitForRequest(
      (request) => isAssistantRequest(request) && !bodyOf(request).threadId,
    )
    const followUp = await ask(page, 'And for search?')
    expect((await followUp.response())?.status()).toBe(404)
    // The one stale-thread policy of core's connection: once more, as a new conversation.
    const fresh = await resent
    expect((await fresh.response())?.status()).toBe(200)
    await answerComplete(page)
    await expect(alertOf(page)).toHaveCount(0)
    await expect(answers(page)).toHaveCount(2)
  })

  test('an error part in the stream keeps the partial answer and offers a retry', async ({
    page,
  }) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?', 'error-part', { times: 1 })
    await expect(alertOf(page)).toBeVisible()
    await expect(answers(page).last()).toContainText(/\w+/)
    await retrySucceeds(page)
  })
})
