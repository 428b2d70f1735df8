import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  assistantDialog,
  bodyOf,
  cspSiteUrl,
  isAssistantRequest,
  openAssistant,
  questionBox,
  widgetReady,
} from './support/widget'
import { expectNoSeriousViolations } from './support/axe'

// Files on questions in the built drop-in (Chromium): the paperclip, paste and drop, previews
// with remove, limits in words, the sent question's thumbnail (also after a reload), hostile
// attachment URLs planted in storage, axe. Screenshots go to DOCCHAT_E2E_SHOTS when it is set.

const shots = process.env.DOCCHAT_E2E_SHOTS
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

async function enableAttachments(page: Page, options: Record<string, unknown> | true = true) {
  await widgetReady(page)
  await page.evaluate(
    async (attachments) => (await window.DocChat?.ready)?.update({ attachments }),
    options,
  )
}

const composer = (page: Page): Locator => assistantDialog(page).locator('form.docchat-composer')
const previews = (page: Page): Locator =>
  composer(page).getByRole('list', { name: 'Attached files' }).getByRole('listitem')
const question = (page: Page): Locator => assistantDialog(page).locator('[data-role="user"]')

/** A real PNG: a screenshot of the docs page the reader is on. */
async function screenshotPng(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 300 } })
}

/** Dispatches a paste of `files` on the question box, the way a browser delivers a pasted image. */
async function pasteFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  await questionBox(page).evaluate((input, list) => {
    const data = new DataTransfer()
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
      data.items.add(new File([bytes], file.name, { type: file.type }))
    }
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, files)
}

/** Drags `files` onto the composer: enter (drop state shows), then drop unless `hold`. */
async function dragFiles(
  page: Page,
  files: { name: string; type: string; base64: string }[],
  hold = false,
) {
  const handle = await page.evaluateHandle((list) => {
    const data = new DataTransfer()
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
      data.items.add(new File([bytes], file.name, { type: file.type }))
    }
    return data
  }, files)
  await composer(page).dispatchEvent('dragenter', { dataTransfer: handle })
  await composer(page).dispatchEvent('dragover', { dataTransfer: handle })
  if (!hold) await composer(page).dispatchEvent('drop', { dataTransfer: handle })
}

test.describe('Attachments (built drop-in)', () => {
  test('are off until the option turns them on', async ({ page }) => {
    await page.goto('/quickstart')
    await openAssistant(page)
    await expect(questionBox(page)).toBeVisible()
    await expect(
      assistantDialog(page).getByRole('button', { name: 'Attach images or PDFs' }),
    ).toHaveCount(0)
  })

  test('paperclip, paste and drop; previews with remove; the limit in words; sent, shown and kept after a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/quickstart')
    const png = await screenshotPng(page)
    await enableAttachments(page)
    await openAssistant(page)

    // The paperclip: a real button of at least 24×24 with an accessible name.
    const attach = assistantDialog(page).getByRole('button', { name: 'Attach images or PDFs' })
    const box = (await attach.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(24)
    expect(box.height).toBeGreaterThanOrEqual(24)
    const chooser = page.waitForEvent('filechooser')
    await attach.click()
    await (await chooser).setFiles({ name: 'docs-page.png', mimeType: 'image/png', buffer: png })
    await expect(previews(page)).toHaveCount(1)
    await expect(previews(page).first().locator('img')).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    )

    await pasteFiles(page, [
      { name: 'setup.pdf', type: 'application/pdf', base64: PDF.toString('base64') },
    ])
    await expect(previews(page)).toHaveCount(2)
    await expect(previews(page).nth(1)).toContainText('setup.pdf')

    // Dragging shows the drop state; dropping adds the file.
    await dragFiles(
      page,
      [{ name: 'dropped.png', type: 'image/png', base64: png.toString('base64') }],
      true,
    )
    await expect(composer(page)).toHaveAttribute('data-dragging', 'true')
    await expect(composer(page).getByText('Drop images or PDFs to attach them')).toBeVisible()
    if (shots) await assistantDialog(page).screenshot({ path: `${shots}/drop-state.png` })
    await composer(page).dispatchEvent('drop', {
      dataTransfer: await page.evaluateHandle(() => new DataTransfer()),
    })
    await dragFiles(page, [
      { name: 'dropped.png', type: 'image/png', base64: png.toString('base64') },
    ])
    await expect(composer(page)).not.toHaveAttribute('data-dragging', /.*/)
    await expect(previews(page)).toHaveCount(3)

    // Past the limit (4 files): said in words, in a polite live region; an SVG is refused by type.
    await composer(page)
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'four.png', mimeType: 'image/png', buffer: png },
        { name: 'five.png', mimeType: 'image/png', buffer: png },
        { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') },
      ])
    const problems = composer(page).getByRole('status')
    await expect(problems).toHaveAttribute('aria-live', 'polite')
    await expect(problems).toContainText('You can attach up to 4 files to a question.')
    await expect(problems).toContainText('logo.svg can’t be attached')
    await expect(previews(page)).toHaveCount(4)
    if (shots) await assistantDialog(page).screenshot({ path: `${shots}/previews-desktop.png` })
    await expectNoSeriousViolations(page, 'previews and a limit message')

    // Remove: the file goes, focus returns to the question.
    await composer(page).getByRole('button', { name: 'Remove four.png' }).click()
    await composer(page).getByRole('button', { name: 'Remove dropped.png' }).click()
    await expect(previews(page)).toHaveCount(2)
    await expect(questionBox(page)).toBeFocused()

    const sent = page.waitForRequest(isAssistantRequest)
    await questionBox(page).fill('How do I install the widget?')
    await questionBox(page).press('Enter')
    const body = bodyOf(await sent) as unknown as {
      messages: {
        experimental_attachments?: { name: string; contentType: string; url: string }[]
      }[]
    }
    const files = body.messages.at(-1)?.experimental_attachments ?? []
    expect(files.map((file) => [file.name, file.contentType])).toEqual([
      ['docs-page.png', 'image/png'],
      ['setup.pdf', 'application/pdf'],
    ])
    expect(files[0]?.url).toBe(`data:image/png;base64,${png.toString('base64')}`)
    await expect(previews(page)).toHaveCount(0)

    const answer = await answerComplete(page)
    await expect(answer).toContainText('You attached docs-page.png and setup.pdf')
    const thumbnail = question(page).getByRole('button', { name: 'Show docs-page.png larger' })
    await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true)
    expect(
      await thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(png.readUInt32BE(16))
    await expect(question(page).getByRole('link', { name: 'setup.pdf' })).toHaveAttribute(
      'download',
      'setup.pdf',
    )
    await thumbnail.click()
    await expect(thumbnail).toHaveAttribute('aria-expanded', 'true')
    if (shots) await assistantDialog(page).screenshot({ path: `${shots}/sent-desktop.png` })
    await expectNoSeriousViolations(page, 'a sent question with files')

    // A reload keeps the question with its files (the thumbnail fits the storage bound).
    await page.reload()
    await openAssistant(page)
    await expect(answers(page)).toHaveCount(1)
    await expect(
      question(page).getByRole('button', { name: 'Show docs-page.png larger' }).locator('img'),
    ).toHaveAttribute('src', `data:image/png;base64,${png.toString('base64')}`)
  })

  test('hostile attachment URLs planted in storage are never rendered', async ({ page }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    const hostile = [
      'javascript:window.__pwned=1',
      'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3B3bmVkPTEiLz4=',
      'data:image/svg+xml,<svg onload="window.__pwned=1"/>',
      '//evil.example/x.png',
      ' javascript:window.__pwned=1',
    ]
    // The drop-in's own messages key, whatever its namespace: found by asking once.
    await openAssistant(page)
    const sent = page.waitForRequest(isAssistantRequest)
    await questionBox(page).fill('How do I install the widget?')
    await questionBox(page).press('Enter')
    await sent
    await answerComplete(page)
    const key = await page.evaluate(() =>
      Object.keys(localStorage).find((k) => /^docchat:.*:messages:/.test(k)),
    )
    expect(key).toBeTruthy()
    await page.evaluate(
      ({ key, hostile }) => {
        const messages = JSON.parse(localStorage.getItem(key) ?? '[]')
        messages[0].experimental_attachments = hostile.map((url, i) => ({
          name: `evil-${i}.png`,
          contentType: 'image/png',
          url,
        }))
        localStorage.setItem(key, JSON.stringify(messages))
      },
      { key: key!, hostile },
    )
    await page.reload()
    await openAssistant(page)
    const list = question(page).getByRole('list', { name: 'Attached files' })
    await expect(list.getByRole('listitem')).toHaveCount(hostile.length)
    await expect(question(page).locator('img')).toHaveCount(0)
    await expect(question(page).locator('a')).toHaveCount(0)
    for (const item of await list.getByRole('listitem').all()) {
      await item.click()
    }
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    await expect(page).toHaveURL(/\/quickstart/)
  })

  test('under the strict Content-Security-Policy: previews and the sent thumbnail load, zero violations', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as { __cspViolations?: string[] }).__cspViolations = seen
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      )
    })
    const response = await page.goto(`${cspSiteUrl}/quickstart`)
    expect(await response?.headerValue('content-security-policy')).toContain("img-src 'self' data:")
    const png = await screenshotPng(page)
    await enableAttachments(page)
    await openAssistant(page)
    await composer(page)
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'docs-page.png', mimeType: 'image/png', buffer: png }])
    await expect(previews(page).first().locator('img')).toHaveJSProperty(
      'naturalWidth',
      png.readUInt32BE(16),
    )
    await questionBox(page).fill('How do I install the widget?')
    await questionBox(page).press('Enter')
    await answerComplete(page)
    await expect(question(page).locator('img')).toHaveJSProperty(
      'naturalWidth',
      png.readUInt32BE(16),
    )
    expect(
      await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations),
    ).toEqual([])
  })

  for (const [name, setup] of [
    ['phone', { viewport: { width: 390, height: 844 }, dark: false, rtl: false }],
    ['dark', { viewport: { width: 1280, height: 800 }, dark: true, rtl: false }],
    ['rtl', { viewport: { width: 1280, height: 800 }, dark: false, rtl: true }],
  ] as const) {
    test(`previews and a sent question stay on screen (${name})`, async ({ page }) => {
      await page.setViewportSize(setup.viewport)
      await page.emulateMedia({ colorScheme: setup.dark ? 'dark' : 'light' })
      await page.goto('/quickstart')
      const png = await screenshotPng(page)
      await enableAttachments(page)
      if (setup.rtl) {
        await page.evaluate(async () => (await window.DocChat?.ready)?.update({ dir: 'rtl' }))
      }
      await openAssistant(page)
      await composer(page)
        .locator('input[type="file"]')
        .setInputFiles([
          {
            name: 'a-rather-long-screenshot-name-from-a-phone.png',
            mimeType: 'image/png',
            buffer: png,
          },
          { name: 'setup.pdf', mimeType: 'application/pdf', buffer: PDF },
        ])
      await expect(previews(page)).toHaveCount(2)
      for (const item of await previews(page).all()) {
        const rect = (await item.boundingBox())!
        expect(rect.x).toBeGreaterThanOrEqual(0)
        expect(rect.x + rect.width).toBeLessThanOrEqual(setup.viewport.width + 0.5)
      }
      if (shots) await page.screenshot({ path: `${shots}/previews-${name}.png` })
      await questionBox(page).fill('How do I install the widget?')
      await questionBox(page).press('Enter')
      await answerComplete(page)
      const thumb = question(page).locator('img')
      await expect(thumb).toBeVisible()
      const rect = (await thumb.boundingBox())!
      expect(rect.x).toBeGreaterThanOrEqual(0)
      expect(rect.x + rect.width).toBeLessThanOrEqual(setup.viewport.width + 0.5)
      if (shots) await page.screenshot({ path: `${shots}/sent-${name}.png` })
      await expectNoSeriousViolations(page, `sent question (${name})`)
    })
  }
})
