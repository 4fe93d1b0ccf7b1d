import { createLazyFileRoute } from '@tanstack/react-router'
import { LegalPage, type LegalSection } from './-legal/legal-page.tsx'

const SECTIONS: readonly LegalSection[] = [
  {
    heading: '1. Who we are',
    paragraphs: [
      'FiveConnect is the controller of the personal data described here, under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
    ],
  },
  {
    heading: '2. What we collect',
    paragraphs: [
      'Account data: your name, email address, password (stored only as a secure hash), and optionally your mobile number, company, website, LinkedIn profile, profile photo and how you heard about us.',
      'Content you add: the people you meet, connection types, notes, photos and voice notes with their transcriptions, and the events you join.',
    ],
  },
  {
    heading: '3. Why we use it and our lawful basis',
    paragraphs: [
      'To provide the service you signed up for (performance of a contract), to keep it secure and to improve it (legitimate interests), to send service and, where you agree, marketing messages (consent), and to meet legal obligations.',
    ],
  },
  {
    heading: '4. Who we share it with',
    paragraphs: [
      'We use carefully chosen processors for hosting, file storage, email delivery and speech transcription, under contracts that protect your data. We do not sell personal data.',
    ],
  },
  {
    heading: '5. How long we keep it',
    paragraphs: [
      'Account and content data: for as long as your account is open, then deleted.',
      'Marketing and support records: about 24 months after our last contact with you.',
      'Financial records: 6 to 7 years, as tax law requires.',
    ],
  },
  {
    heading: '6. Your rights',
    paragraphs: [
      'You may ask to access, correct, delete or receive a copy of your data, to restrict or object to its use, and to withdraw consent at any time. We respond to requests within one month.',
      'You may also complain to the Information Commissioner’s Office (ICO).',
    ],
  },
  {
    heading: '7. Children',
    paragraphs: [
      'FiveConnect is not directed at children under 13 and we do not knowingly collect their data. Accounts are for people aged 18 or older.',
    ],
  },
  {
    heading: '8. Security and changes',
    paragraphs: [
      'We protect your data with encryption in transit, hashed passwords and access controls. We will post any change to this policy here with a new effective date.',
    ],
  },
]

export const Route = createLazyFileRoute('/privacy')({
  component: () => (
    <LegalPage title="Privacy Policy" effective="8 September 2025" sections={SECTIONS} />
  ),
})
