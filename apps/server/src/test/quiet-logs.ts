import { configureLogging } from '../logging/logger.ts'

configureLogging({ level: 'silent' })
