import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  ask,
  assistantDialog,
  closeSearch,
  openSearch,
  questionBox,
  searchDialog,
  widgetReady,
  widgetTrigger,
} from './support/widget'

/** What host CSS typically breaks: text, box, position, visibility. */
const widgetProperties = [
  'display',
  'position',
  'visibility',
  'opacity',
  'transform',
  'z-index',
  'width',
  'height',
  'margin-top',
  'padding-top',
  'padding-left',
  'border-top-style',
  'border-top-width',
  'background-color',
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-shadow',
  'cursor',
  'direction',
  'fill',
] as const

/** The computed styles once the element's own transitions and animations have finished. */
function stylesOf(locator: Locator): Promise<Record<string, string>> {
  return locator.evaluate(
    async (element, properties) => {
      // An opening dialog fades and slides in: read it at rest, not mid-transition.
      await new Promise(requestAnimationFrame)
      const finite = element
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      await Promise.all(finite.map((animation) => animation.finished))
      const style = getComputedStyle(element)
      return Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]))
    },
    widgetProperties as unknown as string[],
  )
}

/** Computed styles of the widget's parts through a whole session: trigger, search, answer. */
async function widgetLook(page: Page): Promise<Record<string, Record<string, string>>> {
  await widgetReady(page)
  const look: Record<string, Record<string, string>> = {}
  const trigger = widgetTrigger(page)
  await expect(trigger).toBeVisible()
  look.trigger = await stylesOf(trigger)
  look.triggerIcon = await stylesOf(trigger.locator('svg'))

  await openSearch(page)
  const input = searchDialog(page).getByRole('combobox')
  await input.pressSequentially('fault injection')
  const option = searchDialog(page).getByRole('option').nth(1)
  await expect(option).toBeVisible()
  look.searchDialog = await stylesOf(searchDialog(page))
  look.searchInput = await stylesOf(input)
  look.searchOption = await stylesOf(option)
  look.searchMark = await stylesOf(option.locator('mark').first())
  await closeSearch(page)

  await trigger.click()
  await expect(assistantDialog(page)).toBeVisible()
  look.assistantDialog = await stylesOf(assistantDialog(page))
  look.heading = await stylesOf(assistantDialog(page).getByRole('heading', { name: 'Assistant' }))
  look.textbox = await stylesOf(questionBox(page))
  await ask(page, 'How do I proxy the assistant key?')
  const answer = await answerComplete(page)
  look.answerText = await stylesOf(answer.getByRole('paragraph').first())
  look.sourceLink = await stylesOf(
    answer.getByRole('list', { name: 'Sources' }).getByRole('link').first(),
  )
  look.regenerate = await stylesOf(answer.getByRole('button', { name: 'Regenerate', exact: true }))
  return look
}

const hostSelectors = [
  'html',
  'body',
  '#top',
  '#title',
  '#home',
  '#main',
  '#intro',
  '#card',
  '#host-button',
  '#host-input',
  '#list li',
  '#list code',
  '#pre',
  '#table td',
  '#tall',
]

/** Every computed property and the box of a set of host elements. */
function hostLook(page: Page) {
  return page.evaluate((selectors) => {
    const out: Record<string, Record<string, string>> = {}
    for (const selector of selectors) {
      const element = document.querySelector(selector)
      if (!element) throw new Error(`missing ${selector}`)
      const style = getComputedStyle(element)
      const values: Record<string, string> = {}
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i)
        values[name] = style.getPropertyValue(name)
      }
      const box = element.getBoundingClientRect()
      values['@box'] = [box.x, box.y, box.width, box.height].join(',')
      out[selector] = values
    }
    return out
  }, hostSelectors)
}

test.describe('Isolation', () => {
  test('hostile global CSS and huge z-index overlays leave the widget intact and usable', async ({
    browser,
  }) => {
    // Separate contexts: the conversation is stored per origin.
    const contexts = [await browser.newContext(), await browser.newContext()] as const
    const plain = await contexts[0].newPage()
    const hostile = await contexts[1].newPage()
    await Promise.all([plain.goto('/e2e/plain-host.html'), hostile.goto('/e2e/hostile-host.html')])
    // The hostile CSS is really applied to the host page.
    await expect(hostile.locator('body')).toHaveCSS('text-transform', 'uppercase')
    await expect(hostile.locator('main div')).toBeHidden()

    const reference = await widgetLook(plain)
    // Clicking the trigger on the hostile page checks that no overlay intercepts the pointer.
    const look = await widgetLook(hostile)
    await expect(answers(hostile)).toHaveCount(1)
    for (const part of Object.keys(reference)) {
      expect.soft(look[part], `${part} looks the same on the hostile page`).toEqual(reference[part])
    }
    // The open panel is on top of the page's own overlays.
    const box = await assistantDialog(hostile).boundingBox()
    expect(box).not.toBeNull()
    const onTop = await hostile.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.tagName.toLowerCase(),
      [box!.x + box!.width / 2, box!.y + box!.height / 2],
    )
    expect(onTop).toBe('docchat-widget')
    await Promise.all(contexts.map((c) => c.close()))
  })

  test('the widget changes nothing on the host page', async ({ browser }) => {
    const contexts = [await browser.newContext(), await browser.newContext()] as const
    const without = await contexts[0].newPage()
    const withWidget = await contexts[1].newPage()
    await Promise.all([
      without.goto('/e2e/host-baseline.html'),
      withWidget.goto('/e2e/host-with-widget.html'),
    ])
    const baseline = await hostLook(without)
    await widgetReady(withWidget)
    expect.soft(await hostLook(withWidget), 'with the loader only').toEqual(baseline)

    // Use it (the panel chunk and its styles load), then close it again.
    await withWidget.evaluate(() => window.scrollTo(0, 0))
    await openSearch(withWidget)
    await searchDialog(withWidget).getByRole('combobox').pressSequentially('theming')
    await expect(searchDialog(withWidget).getByRole('option').nth(1)).toBeVisible()
    await closeSearch(withWidget)
    await widgetTrigger(withWidget).click()
    await expect(assistantDialog(withWidget)).toBeVisible()
    await assistantDialog(withWidget).getByRole('button', { name: 'Close' }).click()
    await expect(assistantDialog(withWidget)).toBeHidden()
    expect.soft(await hostLook(withWidget), 'after the panel opened and closed').toEqual(baseline)

    // No styles were added to the document: everything lives in the shadow root.
    const documentStyles = await withWidget.evaluate(() => ({
      styleElements: document.querySelectorAll('style').length,
      stylesheets: document.styleSheets.length,
      adopted: document.adoptedStyleSheets.length,
      htmlStyle: document.documentElement.getAttribute('style') ?? '',
      bodyStyle: document.body.getAttribute('style') ?? '',
    }))
    expect(documentStyles).toEqual({
      styleElements: 0,
      stylesheets: 1,
      adopted: 0,
      htmlStyle: '',
      bodyStyle: '',
    })
    await Promise.all(contexts.map((c) => c.close()))
  })

  test('loading and using the widget shifts no host layout (CLS = 0)', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { __shifts: number[] }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/e2e/host-with-widget.html')
    await widgetReady(page)
    await expect(widgetTrigger(page)).toBeVisible()
    await openSearch(page)
    await closeSearch(page)
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
  })

  test('a modal open and close keeps the host scroll position', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 400 })
    await page.goto('/quickstart')
    await widgetReady(page)
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    await openSearch(page)
    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toBeHidden()
    expect(await page.evaluate(() => window.scrollY)).toBe(600)
  })

  test('destroy() removes every node and listener it added', async ({ page }) => {
    await page.goto('/e2e/host-with-widget.html')
    await openSearch(page)
    await page.keyboard.press('Escape')
    await page.evaluate(async () => {
      const instance = await window.DocChat?.ready
      await instance?.destroy()
    })
    await expect(page.locator('docchat-widget')).toHaveCount(0)
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.press('ControlOrMeta+i')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
