import { Link } from 'react-router-dom';
import { usePageMeta } from '../../components/usePageMeta';
import './pages.css';

const VALUES = [
  {
    title: 'Local from the start',
    text: 'Every guide, driver and planner on our team was born and raised in Tanzania. We know the back roads, the ranger posts and the best place for chips mayai.',
  },
  {
    title: 'Fair to the mountain',
    text: 'Our Kilimanjaro porters carry at most 20 kg, are paid above the park’s guideline wage and sleep in proper tents.',
  },
  {
    title: 'Small groups',
    text: 'Group safaris take at most seven guests per vehicle, so everyone has a window seat and the guide has time for your questions.',
  },
  {
    title: 'Honest prices',
    text: 'Park fees, taxes and the 3% deposit are shown before you book. No surprises at the gate.',
  },
];

/** /about: who the operator is. */
export function AboutPage() {
  usePageMeta(
    'About us',
    'Tembea is a Tanzanian tour operator based in Arusha: safaris, Kilimanjaro treks, Zanzibar stays and cultural tours.',
  );
  return (
    <div className="content-page">
      <section className="page-hero page-hero--about">
        <h1>About Tembea</h1>
        <p>
          “Tembea” means “walk” or “travel” in Swahili. Since 2012 we have helped travellers walk Tanzania with people
          who call it home.
        </p>
      </section>
      <section className="section" aria-labelledby="story-heading">
        <h2 id="story-heading">Our story</h2>
        <p>
          We started as three guides from Arusha with one Land Cruiser and a lot of stories about the Serengeti. Today
          we run safaris across the northern circuit, climbs of Kilimanjaro and Mount Meru, beach stays on Zanzibar and
          village visits with Maasai, Chagga and Hadzabe communities, still from our office on Njiro Road.
        </p>
        <div className="values-grid">
          {VALUES.map((v) => (
            <article key={v.title} className="value-card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="numbers-heading">
        <h2 id="numbers-heading">In numbers</h2>
        <ul className="numbers">
          <li>
            <strong>12,000+</strong> travellers hosted
          </li>
          <li>
            <strong>96%</strong> Kilimanjaro summit success on 7+ day routes
          </li>
          <li>
            <strong>45</strong> guides, drivers and cooks
          </li>
          <li>
            <strong>2 hours</strong> to answer a quote request
          </li>
        </ul>
        <p>
          Ready to plan? <Link to="/tours">Browse our tours</Link> or <Link to="/contact-us">ask for a quote</Link>.
        </p>
      </section>
    </div>
  );
}
