import { EMPTY_CARD, type BusinessCard } from '@fiveconnect/api/business-card'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ReviewCard } from './card-scan-dialog.tsx'

describe('checking a scanned card', () => {
  it('marks what the card made hard to read, and offers the line of a value it would not guess', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:card', revokeObjectURL: () => {} }),
    )
    const onUse = vi.fn<(card: BusinessCard) => void>()
    const user = userEvent.setup()
    render(
      <MantineProvider env="test">
        <ReviewCard
          reading={{
            card: {
              ...EMPTY_CARD,
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: 'ada@acme.example',
            },
            unsure: ['email'],
            unread: { phone: 'T: +44 20 7946 095' },
          }}
          photo={new Blob()}
          onUse={onUse}
          onAgain={() => {}}
        />
      </MantineProvider>,
    )
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAccessibleDescription('Check this one: the card was hard to read here.')
    await user.type(email, 'x')
    expect(email).not.toHaveAccessibleDescription()

    const phone = screen.getByLabelText('Phone')
    expect(phone).toHaveValue('')
    expect(phone).toHaveAccessibleDescription('Not clear on the card: "T: +44 20 7946 095"')
    await user.click(screen.getByRole('button', { name: 'Use this line' }))
    expect(phone).toHaveValue('T: +44 20 7946 095')
    expect(screen.queryByRole('button', { name: 'Use this line' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Use these details' }))
    expect(onUse).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@acme.examplex', phone: 'T: +44 20 7946 095' }),
    )
  })
})
