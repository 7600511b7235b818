import { useNavigate } from 'react-router-dom';
import { useAuth } from './AuthProvider';

/** Profile icon: asks to log in when logged out. */
export function ProfileButton() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="navbar__profile"
      aria-label={user ? `Profile of ${user.name}` : 'Profile'}
      onClick={() => {
        if (!user && window.confirm('Login Required')) navigate('/login', { state: { from: 'profile' } });
      }}
    >
      <span aria-hidden="true">👤</span>
    </button>
  );
}
