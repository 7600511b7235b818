import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from './Avatar';
import { useAuth } from '../../../auth/AuthProvider';
import { reloadOnStaleChunk } from '../../../lib/stale-chunk';

// The profile modal (picture upload, account deletion) and the login prompt load the first time
// they open: every public page shows this button, few visitors press it.
const ProfileModal = lazy(
  reloadOnStaleChunk(() => import('./ProfileModal').then((m) => ({ default: m.ProfileModal }))),
);
const ConfirmDialog = lazy(
  reloadOnStaleChunk(() => import('../../../components/Dialog').then((m) => ({ default: m.ConfirmDialog }))),
);

/** Profile icon of the navigation bar: the profile modal when logged in, a login prompt otherwise. */
export function ProfileButton() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  // Mounted from the first opening on, so the modal keeps its state between openings.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  return (
    <>
      <button
        type="button"
        className="navbar__profile"
        aria-label={user ? `Profile of ${user.name}` : 'Profile'}
        aria-haspopup="dialog"
        aria-busy={loading}
        onClick={() => (user ? setOpen(true) : loading ? undefined : setAskLogin(true))}
      >
        {user ? (
          <Avatar name={user.name} image={user.profileImage} size={40} />
        ) : (
          <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
            <circle cx="12" cy="8" r="4.2" />
            <path d="M3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z" />
          </svg>
        )}
      </button>
      <Suspense fallback={null}>
        {opened ? <ProfileModal open={open} onClose={() => setOpen(false)} /> : null}
        {askLogin ? (
          <ConfirmDialog
            open
            title="Login Required"
            message="Please log in to see your profile."
            confirmLabel="Login"
            onCancel={() => setAskLogin(false)}
            onConfirm={() => {
              setAskLogin(false);
              void navigate('/login', { state: { from: 'profile' } });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
