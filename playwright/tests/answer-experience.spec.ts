import { expect, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  ask,
  askOnQuickstart,
  assistantDialog,
  bodyOf,
  consoleMessages,
  conversation,
  isAssistantRequest,
  openAssistant,
  textOf,
} from './support/widget'
import { expectNoSeriousViolations } from './support/axe'

// What a reader meets in an answer, with the mouse, in the built drop-in against the dev server.

/** Whether the element is wholly inside its scrolling log's visible box. */
function inView(element: Element): boolean {
  const log = element.closest('[role="log"]')!
  const box = element.getBoundingClientRect()
  const view = log.getBoundingClientRect()
  return box.top >= view.top && box.bottom <= view.bottom
}

test.describe('An answer as readers see it', () => {
  test('a source click loads the page with the assistant still open, at the same scroll position', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await askOnQuickstart(page, 'How do I stream answers?')
    await answerComplete(page)
    await ask(page, 'How do I install the widget?')
    const answer = await answerComplete(page)

    // Citations are chips that link to their source, at least 24×24 px.
    const chip = answer.locator('a.docchat-citation').first()
    await expect(chip).toBeVisible()
    const box = (await chip.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(24)
    expect(box.height).toBeGreaterThanOrEqual(24)
    expect(await textOf(answer)).not.toMatch(/\[\d+\]/)

    // The reader scrolls back up to the first answer and follows one of its sources.
    const log = conversation(page)
    const source = answers(page)
      .first()
      .getByRole('list', { name: 'Sources' })
      .getByRole('link')
      .first()
    await log.hover()
    for (let i = 0; i < 20 && !(await source.evaluate(inView)); i++) {
      await page.mouse.wheel(0, -120)
      await page.waitForTimeout(50)
    }
    await page.waitForTimeout(200)
    // Scrolled up, the arrow back down sits under the log in a band of its own: it covers no text
    // (issue 23: it floated over the last lines).
    const arrow = assistantDialog(page).getByRole('button', {
      name: 'Scroll to the latest message',
    })
    await expect(arrow).toBeVisible()
    const arrowBox = (await arrow.boundingBox())!
    const logBox = (await log.boundingBox())!
    expect(arrowBox.y).toBeGreaterThanOrEqual(logBox.y + logBox.height - 0.5)
    expect(arrowBox.width).toBeGreaterThanOrEqual(24)
    const scrollTop = await log.evaluate((el) => el.scrollTop)
    expect(scrollTop).toBeLessThan(
      await log.evaluate((el) => el.scrollHeight - el.clientHeight - 50),
    )
    const target = new URL((await source.getAttribute('href'))!, page.url())
    expect(target.origin).toBe(new URL(page.url()).origin)
    expect(target.pathname).not.toBe('/quickstart')
    await source.click()
    await page.waitForURL((url) => url.pathname === target.pathname)

    // The new page: the assistant reopens by itself, with the conversation where the reader was.
    await expect(assistantDialog(page)).toBeVisible()
    await expect(answers(page)).toHaveCount(2)
    await expect
      .poll(() => conversation(page).evaluate((el) => Math.round(el.scrollTop)))
      .toBeGreaterThanOrEqual(Math.round(scrollTop) - 2)
    expect(
      Math.abs((await conversation(page).evaluate((el) => el.scrollTop)) - scrollTop),
    ).toBeLessThan(3)

    // Closing it is remembered too: the next page starts closed.
    await assistantDialog(page).getByRole('button', { name: 'Close' }).click()
    await page.reload()
    await page.evaluate(() => window.DocChat?.ready)
    await page.waitForTimeout(300)
    await expect(assistantDialog(page)).toHaveCount(0)
  })

  test('a modifier-click on a source opens a new tab and leaves this page as it was', async ({
    page,
    context,
  }) => {
    await askOnQuickstart(page, 'How do I install the widget?')
    const answer = await answerComplete(page)
    const source = answer.getByRole('list', { name: 'Sources' }).getByRole('link').first()
    const popup = context.waitForEvent('page')
    await source.click({ modifiers: ['ControlOrMeta'] })
    await popup
    expect(new URL(page.url()).pathname).toBe('/quickstart')
    await expect(assistantDialog(page)).toBeVisible()
  })

  test('sources and suggestions are rows of chips: each chip has the pill, the list has no marker or border', async ({
    page,
  }) => {
    await askOnQuickstart(page, 'How do I install the widget?')
    const answer = await answerComplete(page)
    // A CSS clean-up once gave the lists the chips' pill and left their markers ("1.", "•").
    for (const name of ['Sources', 'Suggestions']) {
      const list = answer.getByRole('list', { name })
      await expect(list).toBeVisible()
      const style = await list.evaluate((el) => {
        const css = getComputedStyle(el)
        return { marker: css.listStyleType, border: css.borderTopWidth, wrap: css.flexWrap }
      })
      expect(style).toEqual({ marker: 'none', border: '0px', wrap: 'wrap' })
      const chip = list.getByRole('link').first()
      expect(await chip.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('1px')
    }
  })

  test('a long answer streams below its question, which is still in view when it ends', async ({
    page,
  }) => {
    // Issue 23: when a long answer finished, its question had scrolled out of view; the view
    // follows to the bottom only while the reader is there, and a new question is its anchor.
    await page.setViewportSize({ width: 390, height: 844 })
    await askOnQuickstart(page, 'How do I proxy the assistant key?', 'token-rate=300')
    const answer = await answerComplete(page)
    const log = conversation(page)
    expect(await answer.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(
      await log.evaluate((el) => el.clientHeight),
    )
    const question = log.locator('[data-role="user"]')
    await expect(question).toHaveCount(1)
    await expect(question).toContainText('How do I proxy the assistant key?')
    expect(await question.evaluate(inView)).toBe(true)
  })

  test('docked as a sidebar, the panel has the page beside it, not under it; not offered on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await askOnQuickstart(page, 'How do I proxy the assistant key?')
    await answerComplete(page)
    const dialog = assistantDialog(page)
    const dock = dialog.getByRole('button', { name: 'Dock to the side' })
    await expect(dock).toHaveAttribute('aria-pressed', 'false')
    await dock.click()
    await expect(dock).toHaveAttribute('aria-pressed', 'true')
    await expect(dialog).toHaveAttribute('data-variant', 'sidebar')
    const panel = (await dialog.boundingBox())!
    expect(Math.round(panel.x + panel.width)).toBe(1280)
    expect(Math.round(panel.height)).toBe(800)
    // The article reflows beside the sidebar: a cited section scrolled to is never under it.
    const article = (await page.locator('[data-docchat-content]').boundingBox())!
    expect(article.x + article.width).toBeLessThanOrEqual(panel.x + 0.5)
    await expectNoSeriousViolations(page, 'docked')

    // Kept for the tab: the next page opens docked; undocking gives the page its width back.
    await page.reload()
    await openAssistant(page)
    await expect(dialog).toHaveAttribute('data-variant', 'sidebar')
    await dock.click()
    await expect(dialog).toHaveAttribute('data-variant', 'panel')
    expect(await page.evaluate(() => document.documentElement.style.marginInlineEnd)).toBe('')

    await page.setViewportSize({ width: 390, height: 844 })
    await expect(dock).toBeHidden()
  })

  test('Stop leaves a trace: the answer is marked stopped and offers Continue and Regenerate', async ({
    page,
  }) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?', 'token-rate=8', { times: 1 })
    const answer = answers(page).last()
    await expect.poll(async () => (await textOf(answer)).split(/\s+/).length).toBeGreaterThan(6)
    await assistantDialog(page).getByRole('button', { name: 'Stop' }).click()
    await expect(answer).toHaveAttribute('data-state', 'stopped')
    await expect(answer.getByText('You stopped this answer.')).toBeVisible()
    await expect(answer.getByRole('button', { name: 'Regenerate', exact: true })).toHaveCount(1)
    // No Copy on a code block the stop cut in half.
    await expect(answer.locator('[data-docchat-code-block][data-state="cut"] button')).toHaveCount(
      0,
    )
    await expectNoSeriousViolations(page, 'answer')

    // Continue carries on in the same answer (issue 23): no second answer, no "please continue"
    // question, and the words from before the stop are still its start.
    const stoppedWords = (await textOf(answer.locator('p').first())).slice(0, 20)
    const continued = page.waitForRequest(isAssistantRequest)
    await answer.getByRole('button', { name: 'Continue' }).click()
    // The request ends with the partial answer, which the server carries on.
    expect(bodyOf(await continued).messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ])
    const next = await answerComplete(page)
    await expect(answers(page)).toHaveCount(1)
    await expect(conversation(page).getByText('You:', { exact: true })).toHaveCount(1)
    await expect(next.getByText('You stopped this answer.')).toHaveCount(0)
    expect(await textOf(next)).toContain(stoppedWords)
    expect((await textOf(next)).length).toBeGreaterThan(stoppedWords.length + 20)
  })

  test('thumbs-down offers reasons and a comment', async ({ page }) => {
    await askOnQuickstart(page, 'How do I install the widget?')
    const answer = await answerComplete(page)
    await answer.getByRole('button', { name: 'Not helpful' }).click()
    const reasons = answer.getByRole('group', { name: 'What was wrong?' })
    await expect(reasons).toBeVisible()
    await reasons.getByText('Out of date').click()
    await expect(reasons.getByRole('checkbox', { name: 'Out of date' })).toBeChecked()
    await answer.getByRole('textbox', { name: 'Anything else? (optional)' }).fill('Old version')
    await expectNoSeriousViolations(page, 'answer')
    await answer.getByRole('button', { name: 'Send feedback' }).click()
    await expect(reasons).toHaveCount(0)
    await expect(answer.getByText('Thanks for the feedback')).toBeVisible()
  })

  test('a 401 shows readers a plain sentence and developers the detail in the console', async ({
    page,
  }) => {
    const logged = consoleMessages(page, (message) => message.type() === 'error')
    await askOnQuickstart(page, 'How do I install the widget?', 'status=401')
    const alert = assistantDialog(page).getByRole('alert')
    await expect(alert).toHaveText(/The assistant isn’t available on this site right now\./)
    await expect(alert).not.toContainText('mint_dsc')
    await expect.poll(() => logged.join('\n')).toMatch(/assistant key was rejected \(401\)/)
  })

  test('the disclaimer says answers are extracted when the dev server has no model', async ({
    page,
  }) => {
    await askOnQuickstart(page, 'What is DocChat?')
    await answerComplete(page)
    await expect(
      assistantDialog(page).getByText('Answers are extracted from the docs, no AI model.'),
    ).toBeVisible()
  })
})
