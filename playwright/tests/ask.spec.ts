import { expect, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  ask,
  askOnQuickstart,
  assistantDialog,
  bodyOf,
  conversation,
  injectFault,
  openAssistant,
  questionBox,
  receivedByDevServer,
  textOf,
} from './support/widget'

test.describe('Ask', () => {
  test('a question streams a cited answer with sources', async ({ page }) => {
    // Paced at 12 text parts per second so the streaming state is observable.
    await injectFault(page, 'token-rate=12')
    await page.goto('/quickstart')
    await openAssistant(page)
    await expect(questionBox(page)).toBeFocused()

    const request = await ask(page, 'How do I proxy the assistant key?')
    const body = bodyOf(request)
    expect(body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'How do I proxy the assistant key?',
    })
    expect(body.currentPath).toBe('/quickstart')
    expect(body.threadId ?? undefined).toBeUndefined()

    // The question shows at once; the answer streams into the log.
    await expect(conversation(page)).toContainText('How do I proxy the assistant key?')
    await expect(conversation(page)).toHaveAttribute('aria-busy', 'true')
    const streaming = answers(page).last()
    await expect(streaming).toHaveAttribute('data-state', 'streaming')
    await expect(streaming).toContainText(/\w+/)
    await expect(assistantDialog(page).getByRole('button', { name: 'Stop' })).toBeVisible()
    const answer = await answerComplete(page)
    await expect(answer).toContainText(/proxy/i)
    // Inline citations are links named after their source.
    await expect(answer.getByRole('link', { name: /^Source \d+: / }).first()).toBeVisible()
    const sources = answer.getByRole('list', { name: 'Sources' })
    await expect(sources.getByRole('link', { name: 'Proxying keys' }).first()).toHaveAttribute(
      'href',
      /\/guides\/proxying-keys/,
    )
    // Completion is announced once, politely.
    await expect(
      assistantDialog(page).getByRole('status').filter({ hasText: 'Answer ready' }),
    ).toBeAttached()
    // Answer actions appear once the answer is complete.
    for (const name of ['Copy answer', 'Helpful', 'Not helpful', 'Regenerate']) {
      await expect(answer.getByRole('button', { name, exact: true })).toBeVisible()
    }
  })

  test('a follow-up keeps the thread: threadId and threadKey are sent back', async ({
    page,
    request,
  }) => {
    await page.goto('/quickstart')
    await openAssistant(page)

    const first = await ask(page, 'How do I proxy the assistant key?')
    const firstResponse = await first.response()
    expect(firstResponse?.status()).toBe(200)
    const headers = await firstResponse!.allHeaders()
    const threadId = headers['x-thread-id']
    const threadKey = headers['x-thread-key']
    expect(threadId).toBeTruthy()
    expect(threadKey).toBeTruthy()
    await answerComplete(page)

    const followUp = await ask(page, 'What must the proxy forward?')
    const body = bodyOf(followUp)
    // What the dev server receives: the same thread, proven by its key, and the history.
    expect(body.threadId).toBe(threadId)
    expect(body.threadKey).toBe(threadKey)
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    // The dev server received both (its request log) and accepted them: it answers 404 to a
    // thread id without its matching key, so a 200 in the same thread proves the pair matched.
    const received = await receivedByDevServer(request, 'What must the proxy forward?')
    expect(received.threadId).toBe(threadId)
    expect(received.threadKey).toBe(threadKey)
    const followUpResponse = await followUp.response()
    expect(followUpResponse?.status()).toBe(200)
    expect((await followUpResponse!.allHeaders())['x-thread-id']).toBe(threadId)
    await answerComplete(page)
    await expect(answers(page)).toHaveCount(2)
  })

  test('a reload restores the conversation and continues its thread', async ({ page }) => {
    const first = await askOnQuickstart(page, 'How do I proxy the assistant key?')
    const threadId = (await (await first.response())!.allHeaders())['x-thread-id']
    const answer = await answerComplete(page)
    const firstParagraph = await textOf(answer.getByRole('paragraph').first())

    await page.reload()
    await openAssistant(page)
    await expect(conversation(page)).toContainText('How do I proxy the assistant key?')
    await expect(answers(page)).toHaveCount(1)
    await expect(answers(page).first().getByRole('paragraph').first()).toHaveText(firstParagraph)

    const next = await ask(page, 'And for search?')
    expect(bodyOf(next).threadId).toBe(threadId)
    expect(bodyOf(next).threadKey).toBeTruthy()
  })

  test('Copy answer puts the answer on the clipboard', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await askOnQuickstart(page, 'How do I proxy the assistant key?')
    const answer = await answerComplete(page)
    await answer.getByRole('button', { name: 'Copy answer' }).click()
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain('proxy')
    // Markdown, not the rendered DOM: links keep their targets.
    expect(copied).toContain('/guides/proxying-keys')
  })

  test('"New conversation" starts a new thread', async ({ page }) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?')
    await answerComplete(page)
    await assistantDialog(page).getByRole('button', { name: 'New conversation' }).click()
    await expect(answers(page)).toHaveCount(0)
    const next = await ask(page, 'What is the dev server?')
    expect(bodyOf(next).threadId ?? undefined).toBeUndefined()
    expect(bodyOf(next).messages).toHaveLength(1)
  })
})
