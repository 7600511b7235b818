/** The operator's contact details, shown in the footer, contact page and mails. */
export const COMPANY = {
  name: 'Tembea Tours',
  phone: '+255 754 123 456',
  phoneHref: 'tel:+255754123456',
  email: 'hello@tembea.example',
  address: 'Njiro Road, Arusha, Tanzania',
  hours: [
    { days: 'Mon-Fri', time: '8:00 - 18:00' },
    { days: 'Sat-Sun', time: '9:00 - 16:00' },
  ],
  social: [
    { name: 'Instagram', href: 'https://instagram.com/tembeatours' },
    { name: 'Facebook', href: 'https://facebook.com/tembeatours' },
    { name: 'X', href: 'https://x.com/tembeatours' },
    { name: 'TripAdvisor', href: 'https://www.tripadvisor.com/' },
  ],
} as const;
