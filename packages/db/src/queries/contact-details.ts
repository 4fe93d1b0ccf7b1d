/** Who a contact is and how to reach them: the part every kind of contact card shares. */
export type ContactDetails = {
  firstName: string
  lastName: string
  email: string | null
  mobile: string | null
  company: string | null
  title: string | null
}
