import './styles.css';

/*
 * Evaluating the app's code is the longest task of a page's load, and while it runs the page takes
 * no input. So it is split in two: React first; then, once the browser has had a turn, the app
 * (Apollo Client, the router, the screens), which renders or hydrates the page. A server-rendered
 * page lists both chunks to download with this one, so the split costs no extra round trip.
 */
void import('react-dom/client')
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import('./app/start'));
