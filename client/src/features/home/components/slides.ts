/** The three hero slides: small title, headline, subtitle and the project's own art. */
export interface HeroSlide {
  eyebrow: string;
  headline: string;
  subtitle: string;
  image: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    eyebrow: 'Kilimanjaro',
    headline: 'Stand on the Roof of Africa',
    subtitle: 'Guided climbs of Africa’s highest peak on the Machame, Lemosho, Marangu and Rongai routes.',
    image: '/art/kilimanjaro-dawn.svg',
  },
  {
    eyebrow: 'Serengeti Migration',
    headline: 'Follow the Great Migration',
    subtitle: 'Two million wildebeest and zebra on the move across the endless Serengeti plains.',
    image: '/art/serengeti-migration.svg',
  },
  {
    eyebrow: 'Zanzibar',
    headline: 'Unwind on the Spice Island',
    subtitle: 'White-sand beaches, turquoise reefs and the winding alleys of Stone Town.',
    image: '/art/zanzibar-dhow.svg',
  },
];

/** Slideshow interval. */
export const SLIDE_INTERVAL_MS = 4000;
