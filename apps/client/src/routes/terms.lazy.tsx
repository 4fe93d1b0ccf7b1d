import { createLazyFileRoute } from '@tanstack/react-router'
import { LegalPage, type LegalSection } from './-legal/legal-page.tsx'

const SECTIONS: readonly LegalSection[] = [
  {
    heading: '1. About these terms',
    paragraphs: [
      'These terms govern your use of FiveConnect, a tool for recording the people you meet at events and following up with them. By creating an account you accept them.',
    ],
  },
  {
    heading: '2. Who may use FiveConnect',
    paragraphs: [
      'You must be 18 or older to create an account or use FiveConnect.',
      'You are responsible for keeping your password secret and for everything done with your account.',
    ],
  },
  {
    heading: '3. Your content and the people you record',
    paragraphs: [
      'You own the connections, notes, photos and voice notes you add. You give us permission to store and process them only to provide the service to you.',
      'Only record information about other people that they would reasonably expect you to keep, and respect their wishes if they ask you to delete it.',
    ],
  },
  {
    heading: '4. Acceptable use',
    paragraphs: [
      'Do not use FiveConnect to send unsolicited marketing, to harass anyone, to upload unlawful material, or to interfere with the service or other users.',
      'We may suspend or deactivate an account that breaks these terms.',
    ],
  },
  {
    heading: '5. Events',
    paragraphs: [
      'Events are listed by our administrators. Joining an event in FiveConnect does not register you with the event organiser.',
    ],
  },
  {
    heading: '6. Liability',
    paragraphs: [
      'We provide FiveConnect with reasonable care and skill, but we do not promise it will always be available or free of errors. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: '7. Changes and ending your account',
    paragraphs: [
      'We may update these terms and will tell you about significant changes. You may stop using FiveConnect and ask us to close your account at any time.',
    ],
  },
  {
    heading: '8. Governing law',
    paragraphs: [
      'These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction over any dispute.',
    ],
  },
]

export const Route = createLazyFileRoute('/terms')({
  component: () => (
    <LegalPage title="Terms and Conditions" effective="8 September 2025" sections={SECTIONS} />
  ),
})
