import { usePageMeta } from '../../components/usePageMeta';

/** A plain page with a title, used until a screen gets its full content. */
export function SimplePage({
  title,
  description,
  notFound,
  children,
}: {
  title: string;
  description?: string;
  /** The page says there is nothing at this address (a server render answers 404). */
  notFound?: boolean;
  children?: React.ReactNode;
}) {
  // Without a description of its own the page restores the site's, not the previous page's.
  usePageMeta(title, description, { notFound });
  return (
    <section className="section page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
