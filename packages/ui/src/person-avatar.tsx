import { Avatar, type AvatarProps } from '@mantine/core'
import { useState } from 'react'

type Props = Omit<AvatarProps, 'src' | 'children'> & {
  /** Image URLs in order of preference; a missing or broken one falls through to the next. */
  sources: readonly (string | null | undefined)[]
  name: string
  /** Defaults to the name; pass '' where the name is written next to the avatar. */
  alt?: string
}

export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
  return letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? '?')
}

/** An avatar that tries each image in turn and ends with the person's initials. */
export function PersonAvatar({ sources, name, ...avatarProps }: Props) {
  const candidates = sources.filter((source): source is string => Boolean(source))
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set())
  const src = candidates.find((candidate) => !failed.has(candidate))

  return (
    <Avatar
      alt={name}
      // Decorative (alt=''): the initials must not be read before the name written next to them.
      aria-hidden={avatarProps.alt === '' ? true : undefined}
      {...avatarProps}
      src={src}
      color="indigo"
      imageProps={{ onError: () => src && setFailed((old) => new Set(old).add(src)) }}
    >
      {initialsOf(name)}
    </Avatar>
  )
}
