import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { Dialog } from '../Dialog';

function formatDateTime(iso: string | null): string {
  if (!iso) return 'Not available';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? 'Not available'
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The admin bar's profile button and modal: who is signed in, with which rights, and Logout. */
export function AdminProfile() {
  const { user, isAdmin, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--small admin-profile__button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Admin Profile
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Admin Profile" className="profile-modal">
        {!user || !isAdmin ? (
          <p role="alert">Access denied: Not an admin.</p>
        ) : (
          <>
            <dl className="profile-details">
              <div>
                <dt>Name</dt>
                <dd>{user.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>Role</dt>
                <dd>{user.role}</dd>
              </div>
              <div>
                <dt>Permissions</dt>
                <dd>{user.permissions.length ? user.permissions.join(', ') : 'None listed'}</dd>
              </div>
              <div>
                <dt>Last login</dt>
                <dd>{formatDateTime(user.lastLoginAt)}</dd>
              </div>
              <div>
                <dt>Account created</dt>
                <dd>{formatDateTime(user.registeredAt)}</dd>
              </div>
            </dl>
            <p className="profile-actions">
              <button
                type="button"
                className="btn btn--danger"
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  void logout();
                }}
              >
                Logout
              </button>
            </p>
          </>
        )}
      </Dialog>
    </>
  );
}
