import { Link } from 'react-router-dom';

/** The 12 fixed top destinations, each opening the filtered list for it. */
export const TOP_DESTINATIONS = [
  { value: 'zanzibar', name: 'Zanzibar', note: 'Beaches and Stone Town', art: 'zanzibar-dhow.svg' },
  { value: 'serengeti', name: 'Serengeti', note: 'The Great Migration', art: 'serengeti-migration.svg' },
  { value: 'ngorongoro', name: 'Ngorongoro', note: 'The crater floor', art: 'ngorongoro-crater.svg' },
  { value: 'kilimanjaro', name: 'Kilimanjaro', note: 'Roof of Africa', art: 'kilimanjaro-dawn.svg' },
  { value: 'tarangire', name: 'Tarangire', note: 'Elephants and baobabs', art: 'tarangire-baobab.svg' },
  { value: 'Cusuals', name: 'Cusuals', note: 'Easy-going escapes', art: 'kikuletwa-springs.svg' },
  { value: 'Local culture', name: 'Local culture', note: 'Maasai and Chagga life', art: 'maasai-village.svg' },
  { value: 'manyara', name: 'Manyara', note: 'Flamingos and tree lions', art: 'manyara-flamingos.svg' },
  { value: 'Arusha', name: 'Arusha', note: 'Gateway to the north', art: 'hotel-terrace.svg' },
  { value: 'Mwanza', name: 'Mwanza', note: 'Lake Victoria', art: 'lake-victoria-sunset.svg' },
  { value: 'Tanga', name: 'Tanga', note: 'Caves and coast', art: 'amboni-caves.svg' },
  { value: 'Meru', name: 'Meru', note: 'Kilimanjaro’s sister peak', art: 'mount-meru.svg' },
] as const;

export function TopDestinations() {
  return (
    <section
      id="destinations"
      className="section top-destinations"
      aria-labelledby="top-destinations-heading"
      tabIndex={-1}
    >
      <h2 id="top-destinations-heading">Top Destinations</h2>
      <ul className="top-destinations__list" data-testid="top-destinations">
        {TOP_DESTINATIONS.map((d) => (
          <li key={d.value} className="top-destination">
            <Link to={`/tourfilter?destination=${encodeURIComponent(d.value)}`}>
              <img src={`/art/${d.art}`} alt="" width={800} height={500} loading="lazy" decoding="async" />
              <span className="top-destination__name">{d.name}</span>
              <span className="top-destination__note">{d.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
