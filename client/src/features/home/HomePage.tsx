import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { HOME_TOURS } from './api/home.queries';
import { TourCard, TourCardSkeleton } from './components/TourCard';

export const HOME_GRID_SIZE = 10;

export function HomePage() {
  const { data, loading } = useQuery(HOME_TOURS, { variables: { first: HOME_GRID_SIZE } });
  const tours = data?.tours.nodes ?? [];
  return (
    <>
      <section className="hero" aria-label="Welcome">
        <div className="hero__content">
          <p className="hero__eyebrow">Kilimanjaro</p>
          <h1>Walk Tanzania with people who call it home</h1>
          <p>Safaris, treks, beaches and culture, planned by a local team.</p>
          <Link className="btn btn--primary" to="/tours">Explore Now</Link>
        </div>
      </section>
      <section id="tours" className="section" aria-labelledby="tours-heading">
        <h2 id="tours-heading">Our tours</h2>
        <div className="tour-grid" aria-busy={loading}>
          {loading
            ? Array.from({ length: HOME_GRID_SIZE }, (_, i) => <TourCardSkeleton key={i} />)
            : tours.map((t, i) => <TourCard key={t.id} tour={t} eager={i < 4} />)}
        </div>
      </section>
    </>
  );
}
