import { ArtImage } from './ArtImage';
import { Link } from 'react-router-dom';

/** The 12 fixed top destinations, each opening the filtered list for it. */
export const TOP_DESTINATIONS = [
  { value: 'zanzibar', name: 'Zanzibar', note: 'Beaches and Stone Town', art: 'zanzibar-dhow' },
  { value: 'serengeti', name: 'Serengeti', note: 'The Great Migration', art: 'serengeti-migration' },
  { value: 'ngorongoro', name: 'Ngorongoro', note: 'The crater floor', art: 'ngorongoro-crater' },
  { value: 'kilimanjaro', name: 'Kilimanjaro', note: 'Roof of Africa', art: 'kilimanjaro-dawn' },
  { value: 'tarangire', name: 'Tarangire', note: 'Elephants and baobabs', art: 'tarangire-baobab' },
  { value: 'Cusuals', name: 'Cusuals', note: 'Easy-going escapes', art: 'kikuletwa-springs' },
  { value: 'Local culture', name: 'Local culture', note: 'Maasai and Chagga life', art: 'maasai-village' },
  { value: 'manyara', name: 'Manyara', note: 'Flamingos and tree lions', art: 'manyara-flamingos' },
  { value: 'Arusha', name: 'Arusha', note: 'Gateway to the north', art: 'hotel-terrace' },
  { value: 'Mwanza', name: 'Mwanza', note: 'Lake Victoria', art: 'lake-victoria-sunset' },
  { value: 'Tanga', name: 'Tanga', note: 'Caves and coast', art: 'amboni-caves' },
  { value: 'Meru', name: 'Meru', note: 'Kilimanjaro’s sister peak', art: 'mount-meru' },
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
              <ArtImage name={d.art} sizes="(min-width: 700px) 300px, 70vw" />
              <span className="top-destination__name">{d.name}</span>
              <span className="top-destination__note">{d.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
