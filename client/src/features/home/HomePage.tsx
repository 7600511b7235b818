import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { DESTINATIONS, TRAVEL_TYPES } from '@tembea/schema';
import { HOME_SEARCH_OPTIONS, HOME_TOURS } from './api/home.queries';
import { TourCard, TourCardSkeleton } from './components/TourCard';
import { HeroSlideshow } from './components/HeroSlideshow';
import { SearchCard } from './components/SearchCard';
import { OfferSection } from './components/OfferSection';
import { TopDestinations } from './components/TopDestinations';
import { Stories } from './components/Stories';
import { usePageMeta } from '../../components/usePageMeta';
import './home.css';

export const HOME_GRID_SIZE = 10;

export function HomePage() {
  usePageMeta(
    'Tanzania safaris, treks and beach stays',
    'Tembea: Serengeti and Ngorongoro safaris, Kilimanjaro treks, Zanzibar beach stays and cultural tours with a local Tanzanian team.',
  );
  // A failed load leaves an empty grid; filter failures only disable the selects.
  const { data, loading } = useQuery(HOME_TOURS, { variables: { first: HOME_GRID_SIZE } });
  const options = useQuery(HOME_SEARCH_OPTIONS);
  useEffect(() => {
    if (options.error) console.warn('Could not load the search options', options.error);
  }, [options.error]);
  const tours = data?.tours.nodes ?? [];
  // When the options cannot be loaded the built-in lists keep the search usable.
  const filters =
    options.data?.tourFilters ??
    (options.error ? { destinations: DESTINATIONS, travelTypes: TRAVEL_TYPES } : undefined);
  return (
    <>
      <h1 className="visually-hidden">Tembea – Tanzania safaris, Kilimanjaro treks and Zanzibar beach stays</h1>
      <HeroSlideshow />
      <div className="home-search">
        <SearchCard destinations={filters?.destinations ?? null} travelTypes={filters?.travelTypes ?? null} />
      </div>
      <section id="about" className="section home-about" aria-labelledby="home-about-heading" tabIndex={-1}>
        <h2 id="home-about-heading">Travel Tanzania with people who call it home</h2>
        <p>
          Tembea is a Tanzanian team of guides, drivers and planners based in Arusha. We run safaris in the Serengeti,
          Ngorongoro and Tarangire, climbs of Kilimanjaro and Mount Meru, Zanzibar beach stays and village visits, with
          fair pay for every porter and cook.
        </p>
      </section>
      <section id="tours" className="section" aria-labelledby="tours-heading" tabIndex={-1}>
        <h2 id="tours-heading">Our tours</h2>
        <div className="tour-grid" aria-busy={loading}>
          {loading
            ? Array.from({ length: HOME_GRID_SIZE }, (_, i) => <TourCardSkeleton key={i} />)
            : // Below the hero and the search on every screen: the images load as they come near.
              tours.map((t) => <TourCard key={t.id} tour={t} />)}
        </div>
      </section>
      <OfferSection />
      <TopDestinations />
      <Stories />
    </>
  );
}
