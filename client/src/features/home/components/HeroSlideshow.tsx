import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHydrated } from '../../../lib/hydration';
import { ArtImage } from './ArtImage';
import { HERO_SLIDES, SLIDE_INTERVAL_MS, type HeroSlide } from './slides';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Hero carousel (WAI-ARIA carousel pattern): advances every 4 s in order and wraps; the visible
 * pause/play button, hovering, and keyboard focus inside the slides stop it. With reduced motion
 * it starts paused, so nothing moves unless the user asks.
 */
export function HeroSlideshow({
  slides = HERO_SLIDES,
  interval = SLIDE_INTERVAL_MS,
}: {
  slides?: readonly HeroSlide[];
  interval?: number;
}) {
  const [index, setIndex] = useState(0);
  // null until the visitor presses pause or play: reduced motion decides, once the browser can tell.
  const [pausedChoice, setPausedChoice] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const userPaused = pausedChoice ?? (hydrated && prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const running = !userPaused && !hovered && !focused;

  useEffect(() => {
    if (!running || slides.length < 2) return;
    // Keyed on index: choosing a slide by hand gives it a full interval too.
    const t = setTimeout(() => setIndex((i) => (i + 1) % slides.length), interval);
    return () => clearTimeout(t);
  }, [running, index, interval, slides.length]);

  return (
    <section
      className="hero-slideshow"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => {
        if (e.target !== toggleRef.current) setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero-slideshow__slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={s.headline}
            className={`hero-slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${s.eyebrow}`}
            aria-hidden={i !== index}
            data-testid="hero-slide"
          >
            {/* The first slide is the page's largest image: fetched first; the others when shown. */}
            <ArtImage name={s.art} className="hero-slide__bg" sizes="100vw" priority={i === 0} />
            <div className="hero-slide__content">
              <p className="hero-slide__eyebrow">{s.eyebrow}</p>
              <h2 className="hero-slide__headline">{s.headline}</h2>
              <p className="hero-slide__subtitle">{s.subtitle}</p>
              <Link className="btn btn--primary" to="/tours" tabIndex={i === index ? undefined : -1}>
                Explore Now
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="hero-slideshow__controls">
        <button
          ref={toggleRef}
          type="button"
          className="hero-slideshow__toggle"
          onClick={() => setPausedChoice(!userPaused)}
          aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
        >
          <span aria-hidden="true">{userPaused ? '▶' : '❚❚'}</span>
        </button>
        <div className="hero-slideshow__dots">
          {slides.map((s, i) => (
            <button
              key={s.headline}
              type="button"
              className="hero-slideshow__dot"
              aria-label={`Show slide ${i + 1}: ${s.eyebrow}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
