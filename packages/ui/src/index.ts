export { ConnectionTypeChips } from './connection-type-chips.tsx'
export {
  CONNECTION_TYPE_KEYS,
  CONNECTION_TYPES,
  connectionTypeInfo,
  type ConnectionTypeInfo,
  type ConnectionTypeKey,
} from './connection-types.tsx'
export { LoadingScreen } from './loading-screen.tsx'
export { initialsOf, PersonAvatar } from './person-avatar.tsx'
export { cssVariablesResolver, theme } from './theme.ts'
