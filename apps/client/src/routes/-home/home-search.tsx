import { ActionIcon, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { memo, useState, type FormEvent } from 'react'

/** Memory search from Home: opens the Connections screen with the text as its search. */
export const HomeSearch = memo(function HomeSearch() {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = text.trim()
    void navigate({ to: '/connections', search: q ? { q } : {} })
  }
  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        type="search"
        label="Search your connections"
        placeholder="e.g. fintech person from the keynote"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        rightSectionWidth={44}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label="Search">
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  )
})
