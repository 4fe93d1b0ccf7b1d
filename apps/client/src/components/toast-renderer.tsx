// Its own module so the dynamic import splits Mantine's renderer (and its transitions) from the store.
export { Notifications } from '@mantine/notifications'
