import { expect, type Page, test } from '@playwright/test'
import {
  assistantDialog,
  cspSiteUrl,
  questionBox,
  searchDialog,
  widgetReady,
  widgetTrigger,
} from './support/widget'

// A phone-sized window on a slow device (CPU 4× slower), and the panel code held back until the
// test has typed: everything is typed before the panel's input exists.
test.use({ viewport: { width: 390, height: 844 } })

const question = 'How do I install the widget?'

/** Opens `path` with the panel's code held back (until `release()`) and the CPU 4× slower. */
async function openWithSlowPanel(
  page: Page,
  path = '/quickstart',
): Promise<{ requested: () => boolean; release: () => void }> {
  let requested = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/docchat-panel.js', async (route) => {
    requested = true
    await released
    await route.continue()
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(path)
  await widgetReady(page)
  return { requested: () => requested, release }
}

/** Whether the panel's chunk has mounted anything yet: the stand-in is all there is. */
const panelMounted = (page: Page) =>
  page.evaluate(
    () =>
      !!document.querySelector('docchat-widget')?.shadowRoot?.querySelector('.docchat-panel-host'),
  )

test.describe('Typing while the panel opens', () => {
  test('keys typed right after ⌘I / Ctrl+I all reach the question box, caret at the end', async ({
    page,
  }) => {
    const panel = await openWithSlowPanel(page)
    await page.keyboard.press('ControlOrMeta+i')
    // Typed at once, with a typo corrected by Backspace, before the panel code has arrived.
    await page.keyboard.type('How do I instal')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('ll the widget?')
    expect(panel.requested()).toBe(true)
    expect(await panelMounted(page)).toBe(false)
    panel.release()

    await expect(assistantDialog(page)).toBeVisible()
    await expect(questionBox(page)).toHaveValue(question)
    await expect(questionBox(page)).toBeFocused()
    expect(
      await questionBox(page).evaluate((box: HTMLTextAreaElement) => [
        box.selectionStart,
        box.selectionEnd,
      ]),
    ).toEqual([question.length, question.length])
    // Typing goes on where it left off, and the stand-in is gone.
    await page.keyboard.type(' Thanks')
    await expect(questionBox(page)).toHaveValue(`${question} Thanks`)
    expect(
      await page.evaluate(
        () =>
          document.querySelector('docchat-widget')?.shadowRoot?.querySelectorAll('textarea').length,
      ),
    ).toBe(1)
  })

  test('keys typed right after a click on the trigger reach the question box', async ({ page }) => {
    const panel = await openWithSlowPanel(page)
    await widgetTrigger(page).click()
    await page.keyboard.type(question)
    expect(await panelMounted(page)).toBe(false)
    panel.release()
    await expect(questionBox(page)).toHaveValue(question)
    await expect(questionBox(page)).toBeFocused()
  })

  test('a keyboard user: Enter on the trigger, type at once, and Esc still returns to the trigger', async ({
    page,
  }) => {
    const panel = await openWithSlowPanel(page)
    await page.keyboard.press('Shift+Tab')
    await expect(widgetTrigger(page)).toBeFocused()
    await page.keyboard.press('Enter')
    // Space would press the focused trigger again: while the panel opens it is a typed space.
    await page.keyboard.type(question)
    expect(await panelMounted(page)).toBe(false)
    // Focus stayed on the trigger meanwhile: nothing was moved to catch the keys.
    await expect(widgetTrigger(page)).toBeFocused()
    panel.release()
    await expect(questionBox(page)).toHaveValue(question)
    await expect(questionBox(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(assistantDialog(page)).toBeHidden()
    await expect(widgetTrigger(page)).toBeFocused()
  })

  test('keys typed right after ⌘K / Ctrl+K reach the search box', async ({ page }) => {
    const panel = await openWithSlowPanel(page)
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type('theming')
    expect(await panelMounted(page)).toBe(false)
    panel.release()
    await expect(searchDialog(page).getByRole('combobox')).toHaveValue('theming')
    await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
  })

  test('Enter typed early does not send a half question or add a line break', async ({ page }) => {
    const panel = await openWithSlowPanel(page)
    await page.keyboard.press('ControlOrMeta+i')
    await page.keyboard.type('Theming')
    await page.keyboard.press('Enter')
    panel.release()
    await expect(questionBox(page)).toHaveValue('Theming')
  })
})

// A touch screen (a tablet or phone, here with a keyboard attached): a tap leaves the question box
// unfocused so the on-screen keyboard stays down, but the keyboard shortcut means a keyboard.
test.describe('On a touch screen', () => {
  test.use({ hasTouch: true })

  test('⌘I / Ctrl+I focuses the question box, so typing at once goes there', async ({ page }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(false)
    await page.keyboard.press('ControlOrMeta+i')
    await expect(assistantDialog(page)).toBeVisible()
    // Before: focus went to the header's first button, "What" was lost and the space pressed
    // the search button, which took the rest of the question.
    await page.keyboard.type(question)
    await expect(questionBox(page)).toHaveValue(question)
    await expect(questionBox(page)).toBeFocused()
    await expect(searchDialog(page)).toHaveCount(0)
  })

  test('keys typed while the panel loads stay in the question box, and typing goes on there', async ({
    page,
  }) => {
    const panel = await openWithSlowPanel(page)
    await page.keyboard.press('ControlOrMeta+i')
    await page.keyboard.type('How do I')
    panel.release()
    await expect(questionBox(page)).toHaveValue('How do I')
    await page.keyboard.type(' install the widget?')
    await expect(questionBox(page)).toHaveValue(question)
  })

  for (const [how, open] of [
    ['⌘I / Ctrl+I', (page: Page) => page.keyboard.press('ControlOrMeta+i')],
    [
      'Enter on the trigger',
      async (page: Page) => {
        await widgetTrigger(page).focus()
        await page.keyboard.press('Enter')
      },
    ],
  ] as const) {
    test(`${how} before the panel has loaded, typing once it shows: the question box has it all`, async ({
      page,
    }) => {
      // The panel knows nothing of the key that opened it (its code was not there yet), and
      // nothing was typed while it loaded: the loader tells it the reader is at a keyboard.
      const panel = await openWithSlowPanel(page, `${cspSiteUrl}/e2e/plain-host.html`)
      await open(page)
      await expect.poll(panel.requested).toBe(true)
      panel.release()
      await expect(assistantDialog(page)).toBeVisible()
      await expect(questionBox(page)).toBeFocused()
      await page.keyboard.type(question)
      await expect(questionBox(page)).toHaveValue(question)
      await expect(searchDialog(page)).toHaveCount(0)
    })
  }

  test('a tap on the trigger opens the panel without focusing the question box', async ({
    page,
  }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    await widgetTrigger(page).tap()
    await expect(assistantDialog(page)).toBeVisible()
    await expect(questionBox(page)).not.toBeFocused()
  })
})
