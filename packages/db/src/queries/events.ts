export const STARTER_EVENT_TITLE = 'Ideas Fest'
export const SYSTEM_USER_EMAIL = 'system@fiveconnect.invalid'
