import {
  IconAffiliate,
  IconBrain,
  IconCrown,
  IconHeart,
  IconRocket,
  type Icon,
} from '@tabler/icons-react'

export const CONNECTION_TYPE_KEYS = ['SA', 'JV', 'MA', 'IC', 'RF'] as const
export type ConnectionTypeKey = (typeof CONNECTION_TYPE_KEYS)[number]

export type ConnectionTypeInfo = {
  key: ConnectionTypeKey
  label: string
  description: string
  icon: Icon
  color: string
}

export const CONNECTION_TYPES: readonly ConnectionTypeInfo[] = [
  {
    key: 'SA',
    label: 'Strategic Alliance',
    description: 'Partners whose goals line up with yours, so each of you grows the other.',
    icon: IconAffiliate,
    color: 'indigo',
  },
  {
    key: 'JV',
    label: 'Joint Venture',
    description:
      'People you could build a project or a deal with, sharing the risk and the reward.',
    icon: IconRocket,
    color: 'teal',
  },
  {
    key: 'MA',
    label: 'Mastermind Alliance',
    description: 'Peers who sharpen your thinking and hold you to your plans.',
    icon: IconBrain,
    color: 'grape',
  },
  {
    key: 'IC',
    label: 'Inner Circle Connection',
    description: 'The few you trust most: advisers, mentors and close allies.',
    icon: IconCrown,
    color: 'orange',
  },
  {
    key: 'RF',
    label: 'Raving Fan',
    description: 'People who love what you do and tell others about it.',
    icon: IconHeart,
    color: 'pink',
  },
]

const byKey = new Map(CONNECTION_TYPES.map((type) => [type.key, type]))

/** The type's details, or undefined for a key this version does not know. */
export function connectionTypeInfo(key: string): ConnectionTypeInfo | undefined {
  return byKey.get(key as ConnectionTypeKey)
}
