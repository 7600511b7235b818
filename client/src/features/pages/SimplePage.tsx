import { useEffect } from 'react';

/** A plain page with a title, used until a screen gets its full content. */
export function SimplePage({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} – Tembea`;
  }, [title]);
  return (
    <section className="section page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
