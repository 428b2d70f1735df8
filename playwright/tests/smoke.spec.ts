import { expect, test } from '@playwright/test'

test('Chromium starts and renders a page', async ({ page }) => {
  await page.setContent('<button onclick="this.textContent=\'clicked!\'">Click</button>')
  await page.getByRole('button').click()
  await expect(page.getByRole('button')).toHaveText('clicked!')
})
