import { ArtImage } from './ArtImage';

/** The four fixed "touching tour stories". */
export const STORIES = [
  {
    name: 'Amani & Joseph, Kenya',
    title: 'Summit at sunrise',
    text: 'Our guide Baraka sang the whole last hour to Uhuru Peak. We reached the sign just as the sun hit the glaciers, and both of us cried.',
    art: 'kilimanjaro-camp',
  },
  {
    name: 'Claire, France',
    title: 'A crossing we will never forget',
    text: 'We waited three hours by the Mara River. When the first wildebeest jumped, our driver switched off the engine so we could hear the herd.',
    art: 'serengeti-migration',
  },
  {
    name: 'The Okafor family, Nigeria',
    title: 'Grandma’s first safari',
    text: 'The team arranged a lower vehicle step and extra cushions for my mother. She counted 41 elephants in Tarangire and still talks about it.',
    art: 'tarangire-baobab',
  },
  {
    name: 'Priya, India',
    title: 'Cooking in Stone Town',
    text: 'Mama Halima taught me to make pilau with spices we had picked that morning. I left Zanzibar with a notebook full of recipes.',
    art: 'spice-market',
  },
] as const;

export function Stories() {
  return (
    <section className="section stories" aria-labelledby="stories-heading">
      <h2 id="stories-heading">Touching tour stories</h2>
      <div className="stories__grid">
        {STORIES.map((s) => (
          <article key={s.title} className="story-card" data-testid="story-card">
            <ArtImage name={s.art} sizes="(min-width: 700px) 300px, 100vw" />
            <div className="story-card__body">
              <h3>{s.title}</h3>
              <blockquote>
                <p>“{s.text}”</p>
              </blockquote>
              <p className="story-card__name">— {s.name}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
