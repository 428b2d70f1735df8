import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import * as Dialog from '../dialog'
import * as Search from './index'

function SearchModal() {
  return (
    <Dialog.Root>
      <Dialog.Trigger>Search</Dialog.Trigger>
      <Dialog.Content aria-label="Search the docs">
        <Search.Root defaultOpen>
          <Search.Input aria-label="Search" />
          <Search.List>
            <Search.Item value="a">Alpha</Search.Item>
          </Search.List>
        </Search.Root>
      </Dialog.Content>
    </Dialog.Root>
  )
}

describe('Search inside a modal Dialog', () => {
  it('Escape clears the query, then closes the list, then closes the dialog', async () => {
    const user = userEvent.setup()
    const { container } = render(<SearchModal />)
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const input = screen.getByRole('combobox')
    expect(input).toHaveFocus()
    await user.type(input, 'al')
    await user.keyboard('{ArrowDown}')
    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])

    await user.keyboard('{Escape}')
    expect(input).toHaveValue('')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
