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
 * Waits until the log is no longer busy and its last answer is finished (its actions, which only
 * show once an answer has text, are there); returns that answer. The text itself is rendered in
 * animation frames, so assertions on its parts should still `waitFor` them.
 */
export async function waitForAnswer(scope: Scope): Promise<HTMLElement> {
  const log = await scope.findByRole('log')
  await waitFor(
    () => {
      expect(log).toHaveAttribute('aria-busy', 'false')
      const answer = within(log).getAllByRole('article').at(-1)!
      expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument()
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
