/** Steps the stories' play functions share: ask a question, wait for the answer or an error. */
import { expect, userEvent, waitFor, within } from 'storybook/test'

/** Answers from the in-page dev server take well under a second; streams paced by a fault longer. */
export const answerTimeout = 10_000

type Scope = ReturnType<typeof within>

/** The widget renders dialogs into the page body, outside the story's canvas. */
export function screen(canvasElement: HTMLElement): Scope {
  return within(canvasElement.ownerDocument.body)
}

export async function ask(scope: Scope, question: string, placeholder = 'Ask a question…') {
  const input = await scope.findByRole('textbox', { name: placeholder }, { timeout: answerTimeout })
  await userEvent.click(input)
  await userEvent.paste(question)
  await userEvent.keyboard('{Enter}')
}

/**
 * Waits until the log is no longer busy and its last answer has text; returns that answer. (The
 * answer's element exists, empty, from the moment the request starts.)
 */
export async function waitForAnswer(scope: Scope): Promise<HTMLElement> {
  const log = await scope.findByRole('log')
  await waitFor(
    () => {
      expect(log).toHaveAttribute('aria-busy', 'false')
      expect(within(log).getAllByRole('article').at(-1)?.textContent?.trim()).toBeTruthy()
    },
    { timeout: answerTimeout },
  )
  return within(log).getAllByRole('article').at(-1)!
}

export async function findAlert(scope: Scope, kind: string): Promise<HTMLElement> {
  const alert = await scope.findByRole('alert', {}, { timeout: answerTimeout })
  await expect(alert).toHaveAttribute('data-kind', kind)
  return alert
}
