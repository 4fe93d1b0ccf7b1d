// Kept apart from the cache code so the landing page's first chunk carries only this check.

/** Set while a signed-in user's data is saved on the device, so start-up reads it first. */
export const HAS_SAVED_DATA = 'fiveconnect:has-offline-data'

export const hasSavedData = () => localStorage.getItem(HAS_SAVED_DATA) !== null
