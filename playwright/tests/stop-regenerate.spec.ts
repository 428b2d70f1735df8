import { expect, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  askOnQuickstart,
  assistantDialog,
  bodyOf,
  conversation,
  isAssistantRequest,
  textOf,
} from './support/widget'

test.describe('Stop and regenerate', () => {
  test('Stop mid-stream keeps the partial answer; Regenerate answers again', async ({ page }) => {
    // Slow the first answer to 8 text parts per second so there is time to stop it.
    const first = await askOnQuickstart(page, 'How do I proxy the assistant key?', 'token-rate=8', {
      times: 1,
    })

    const answer = answers(page).last()
    await expect(answer).toHaveAttribute('data-state', 'streaming')
    // Wait for a few words, not the whole answer.
    await expect.poll(async () => (await textOf(answer)).split(/\s+/).length).toBeGreaterThan(6)

    const aborted = page.waitForEvent('requestfailed', (r) => r === first)
    await assistantDialog(page).getByRole('button', { name: 'Stop' }).click()
    await aborted
    await expect(conversation(page)).not.toHaveAttribute('aria-busy', 'true')
    await expect(assistantDialog(page).getByRole('button', { name: 'Stop' })).toHaveCount(0)

    // The partial answer stays, unchanged, and is not replaced by an error.
    const partial = await textOf(answer)
    expect(partial.length).toBeGreaterThan(10)
    await expect(answers(page)).toHaveCount(1)
    await expect(answer).not.toHaveAttribute('data-state', 'streaming')
    await expect(assistantDialog(page).getByRole('alert')).toHaveCount(0)
    expect(await textOf(answer)).toBe(partial)

    // Regenerate asks again in the same thread, without the cut answer in the history.
    const regenerated = page.waitForRequest(isAssistantRequest)
    await answer.getByRole('button', { name: 'Regenerate', exact: true }).click()
    const body = bodyOf(await regenerated)
    expect(body.messages.map((m) => m.role)).toEqual(['user'])
    expect(body.messages[0]!.content).toBe('How do I proxy the assistant key?')
    const full = await answerComplete(page)
    await expect(answers(page)).toHaveCount(1)
    expect((await textOf(full)).length).toBeGreaterThan(partial.length)
    await expect(full.getByRole('list', { name: 'Sources' })).toBeVisible()
  })

  test('Regenerate replaces a complete answer with a new one', async ({ page }) => {
    await askOnQuickstart(page, 'What does the dev server do?')
    const answer = await answerComplete(page)
    const regenerated = page.waitForRequest(isAssistantRequest)
    await answer.getByRole('button', { name: 'Regenerate', exact: true }).click()
    const body = bodyOf(await regenerated)
    expect(body.messages.map((m) => m.role)).toEqual(['user'])
    await answerComplete(page)
    await expect(answers(page)).toHaveCount(1)
  })
})
