import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar';
import { Footer } from './Footer';

export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
