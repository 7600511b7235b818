/** The three hero slides: small title, headline, subtitle and the project's own art. */
export interface HeroSlide {
  eyebrow: string;
  headline: string;
  subtitle: string;
  /** The slide's art, a name under /art. */
  art: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    eyebrow: 'Kilimanjaro',
    headline: 'Stand on the Roof of Africa',
    subtitle: 'Guided climbs of Africa’s highest peak on the Machame, Lemosho, Marangu and Rongai routes.',
    art: 'kilimanjaro-dawn',
  },
  {
    eyebrow: 'Serengeti Migration',
    headline: 'Follow the Great Migration',
    subtitle: 'Two million wildebeest and zebra on the move across the endless Serengeti plains.',
    art: 'serengeti-migration',
  },
  {
    eyebrow: 'Zanzibar',
    headline: 'Unwind on the Spice Island',
    subtitle: 'White-sand beaches, turquoise reefs and the winding alleys of Stone Town.',
    art: 'zanzibar-dhow',
  },
];

/** Slideshow interval. */
export const SLIDE_INTERVAL_MS = 4000;
