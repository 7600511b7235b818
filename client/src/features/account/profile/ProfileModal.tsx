import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { errorMessage } from '../../../lib/errors';
import { splitName } from '../name';
import { DataExportButton } from './DataExportButton';
import { PictureUpload } from './PictureUpload';
import '../account.css';

const TABS = [
  { id: 'details', label: 'Account Details' },
  { id: 'password', label: 'Change Password' },
  { id: 'logout', label: 'Logout' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export const DELETE_ACCOUNT_CONFIRM = 'Are you sure you want to delete your account? This cannot be undone.';

function formatDate(iso: string | null): string {
  if (!iso) return 'Not available';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? 'Not available'
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Profile modal: Account Details, Change Password and Logout tabs. */
export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const [tab, setTab] = useState<TabId>('details');
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const jump = e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (!step && jump === null) return;
    e.preventDefault();
    const next = TABS[jump ?? (index + step + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="profile-modal"
      title={
        <>
          My Profile
          {user?.role === 'admin' ? <span className="badge badge--admin">Admin</span> : null}
        </>
      }
    >
      {!user ? (
        <p>You are not logged in. Please log in.</p>
      ) : (
        <>
          <div role="tablist" aria-label="Profile sections" className="tabs">
            {TABS.map((t, i) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`${baseId}-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                className={`tabs__tab ${tab === t.id ? 'is-active' : ''}`}
                onClick={() => setTab(t.id)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${baseId}-panel-${tab}`}
            aria-labelledby={`${baseId}-tab-${tab}`}
            className="tabs__panel"
          >
            {tab === 'details' ? <AccountDetails /> : null}
            {tab === 'password' ? <ChangePassword onClose={onClose} /> : null}
            {tab === 'logout' ? <LogoutTab /> : null}
          </div>
          <p className="profile-links">
            <Link className="btn btn--secondary" to="/my-bookings" onClick={onClose}>
              My Bookings
            </Link>
          </p>
        </>
      )}
    </Dialog>
  );
}

function AccountDetails() {
  const { user } = useAuth();
  if (!user) return null;
  const { firstName, lastName } = splitName(user.name);
  return (
    <>
      <PictureUpload />
      <dl className="profile-details">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>First name</dt>
          <dd>{firstName}</dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>{lastName || '—'}</dd>
        </div>
        {user.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>{user.phone}</dd>
          </div>
        ) : null}
        <div>
          <dt>Registered</dt>
          <dd>{formatDate(user.registeredAt)}</dd>
        </div>
      </dl>
    </>
  );
}

function ChangePassword({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <p>To change your password we send a reset link to your email address.</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          onClose();
          void navigate('/forgot-password');
        }}
      >
        Change Password
      </button>
    </>
  );
}

function LogoutTab() {
  const { logout, deleteAccount } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
    } catch (e) {
      setError(errorMessage(e, 'Failed to delete account.'));
      setDeleting(false);
    }
  };

  return (
    <>
      <p>
        Log out of this browser, download what we keep about you (your bookings and who travels on them), or delete your
        account for good.
      </p>
      <div className="profile-actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={loggingOut}
          onClick={() => {
            setLoggingOut(true);
            void logout();
          }}
        >
          Logout
        </button>
        <DataExportButton />
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          Delete Account
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete Account"
        message={DELETE_ACCOUNT_CONFIRM}
        confirmLabel={deleting ? 'Deleting...' : 'Delete Account'}
        danger
        busy={deleting}
        error={error}
        onConfirm={remove}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
      />
    </>
  );
}
