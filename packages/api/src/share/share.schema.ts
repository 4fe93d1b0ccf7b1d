import { z } from 'zod'
import { optionalEmail, optionalText, requiredName } from '../common.schema.ts'
import { sharedProfileFieldsField } from '../profile/profile.schema.ts'

/** The share page's link, and what it shows beside the name; url is null while it is turned off. */
export const shareSettingsOutput = z.object({
  url: z.string().nullable(),
  fields: z.array(z.enum(['company', 'email', 'mobile', 'linkedin', 'website'])),
})

export const shareFieldsInput = z.object({ fields: sharedProfileFieldsField })

export const shareTokenInput = z.object({
  token: z.string('The link must be text').max(100, 'The link is too long'),
})

/** The 'Send your details back' form, as the share page posts it. */
export const sendBackInput = shareTokenInput.extend({
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  email: optionalEmail,
  mobile: optionalText(40, 'Phone'),
  company: optionalText(255, 'Company'),
  title: optionalText(255, 'Title'),
  note: optionalText(1000, 'Note'),
  /** The consent checkbox: a form posts 'yes' when it is ticked and nothing when not. */
  consent: z
    .string('Please agree to share your details')
    .refine((value) => value === 'yes', 'Please agree to share your details'),
  /** A field people never see: a form that fills it was filled by a bot. */
  website: z.string().max(2048).optional(),
})

export const shareCardOutput = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  linkedin: z.string().nullable(),
  website: z.string().nullable(),
})

export type ShareSettings = z.output<typeof shareSettingsOutput>
export type SendBackInput = z.input<typeof sendBackInput>
export type ShareCard = z.output<typeof shareCardOutput>
