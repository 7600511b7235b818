import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import type { ParkFeeScheduleFieldsFragment } from '../../../gql/admin/graphql';
import { errorMessage } from '../../../lib/errors';
import { PARK_FEE_SCHEDULE, PARK_FEE_SCHEDULES } from './api/park-fees.operations';
import { AffectedBookings } from './components/AffectedBookings';
import { ScheduleEditor } from './components/ScheduleEditor';
import { ScheduleList } from './components/ScheduleList';
import { copyAsNextSeason, emptyScheduleForm, scheduleToForm } from './lib/schedule-form';
import '../shared/admin.css';
import './park-fees.css';

const LIST_FAILED = 'The park fee schedules could not be loaded.';

/** What the editor shows, kept in the address so a schedule can be linked: ?edit=ID, ?copy=ID or ?new. */
/** One name per editor the page can show, to tell which one a request for focus is for. */
const editorKeyOf = (kind: string, id?: string) => (id ? `${kind}-${id}` : kind);

function modeOf(p: URLSearchParams): { kind: 'edit' | 'copy'; id: string } | { kind: 'new' } | null {
  const edit = p.get('edit');
  if (edit) return { kind: 'edit', id: edit };
  const copy = p.get('copy');
  if (copy) return { kind: 'copy', id: copy };
  return p.has('new') ? { kind: 'new' } : null;
}

/** An existing schedule loaded whole, then in the editor as itself or as next season's copy. */
function LoadedEditor({
  id,
  copy,
  saved,
  onSaved,
  onCancel,
  focusOnOpen,
  onFocused,
}: {
  id: string;
  copy: boolean;
  saved: number;
  onSaved(s: ParkFeeScheduleFieldsFragment): void;
  onCancel(): void;
  focusOnOpen: boolean;
  onFocused(): void;
}) {
  const { data, loading, error, refetch } = useQuery(PARK_FEE_SCHEDULE, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const schedule = data?.parkFeeSchedule;
  if (schedule) {
    return (
      <ScheduleEditor
        key={`${copy ? 'copy' : 'edit'}-${id}-${saved}`}
        initial={copy ? copyAsNextSeason(schedule) : scheduleToForm(schedule)}
        heading={copy ? `Next season, copied from ${schedule.name}` : `Edit ${schedule.name}`}
        onSaved={onSaved}
        onCancel={onCancel}
        focusOnOpen={focusOnOpen}
        onFocused={onFocused}
      />
    );
  }
  if (loading) return <Spinner label="Loading the schedule…" />;
  if (error)
    return (
      <div className="park-fees__failure" role="alert">
        <p>{errorMessage(error, 'The schedule could not be loaded.')}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  return (
    <p className="park-fees__failure" role="alert">
      This schedule no longer exists.
    </p>
  );
}

/** /admin/park-fees: the park fee schedules, each editable, and next season's entered ahead as a copy. */
export function AdminParkFeesPage() {
  usePageMeta('Park fees');
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params);
  const [status, setStatus] = useState('');
  // Bumped on every save so the editor restarts from the schedule as the server saved it.
  const [saved, setSaved] = useState(0);
  const affected = useRef<HTMLHeadingElement>(null);
  // The editor the admin just opened from the page: it opens out of sight below, so focus goes to it
  // (named, so the editor still open until the address changes does not take it).
  const [focusFor, setFocusFor] = useState('');
  const openEditor = (kind: string, id?: string) => setFocusFor(editorKeyOf(kind, id));
  const editorFocused = () => setFocusFor('');
  const focusEditor = !!mode && focusFor === editorKeyOf(mode.kind, 'id' in mode ? mode.id : undefined);
  const list = useQuery(PARK_FEE_SCHEDULES, { fetchPolicy: 'cache-and-network' });
  const schedules = list.data?.parkFeeSchedules;

  const onSaved = (s: ParkFeeScheduleFieldsFragment) => {
    setStatus(`Saved the schedule ${s.name}.`);
    setSaved((n) => n + 1);
    setParams({ edit: s.id }, { replace: true });
    // The bookings the new fees affect are what the admin acts on next.
    requestAnimationFrame(() => affected.current?.focus());
  };
  const close = () => {
    setStatus('');
    setParams({});
  };

  let listBody;
  if (!schedules && list.error)
    listBody = (
      <div className="park-fees__failure" role="alert">
        <p>{errorMessage(list.error, LIST_FAILED)}</p>
        <button type="button" className="btn btn--primary" onClick={() => void list.refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  else if (!schedules) listBody = <Spinner label="Loading park fee schedules…" />;
  else if (schedules.length === 0)
    listBody = <p className="park-fees__empty">No fee schedules yet: add one so tours with park days are priced.</p>;
  else
    listBody = (
      <ScheduleList
        schedules={schedules}
        selected={mode && mode.kind === 'edit' ? mode.id : undefined}
        onOpen={openEditor}
      />
    );

  let editor = null;
  if (mode?.kind === 'new')
    editor = (
      <ScheduleEditor
        key={`new-${saved}`}
        initial={emptyScheduleForm()}
        heading="New fee schedule"
        onSaved={onSaved}
        onCancel={close}
        focusOnOpen={focusEditor}
        onFocused={editorFocused}
      />
    );
  else if (mode)
    editor = (
      <LoadedEditor
        id={mode.id}
        copy={mode.kind === 'copy'}
        saved={saved}
        onSaved={onSaved}
        onCancel={close}
        focusOnOpen={focusEditor}
        onFocused={editorFocused}
      />
    );

  return (
    <div className="admin-page park-fees">
      <h1>Park fees</h1>
      <p className="park-fees__lead">
        The fees Tanzania&apos;s national parks and the Ngorongoro Conservation Area charge each visitor, paid on to
        them. Each schedule applies from its first to its last day; a trip is priced day by day at the schedule in force
        on that day, so next July&apos;s fees can be entered ahead.
      </p>
      <div role="status" aria-live="polite">
        {status ? <p className="admin-status admin-status--success">{status}</p> : null}
      </div>
      {schedules && list.error ? (
        <p className="admin-status admin-status--error" role="alert">
          {errorMessage(list.error, LIST_FAILED)}
        </p>
      ) : null}
      <section aria-labelledby="schedules-title" className="park-fees__list">
        <div className="admin-toolbar">
          <h2 id="schedules-title">Schedules</h2>
          <Link className="btn btn--primary" to="?new" onClick={() => openEditor('new')}>
            Add a schedule
          </Link>
        </div>
        {listBody}
      </section>
      <AffectedBookings ref={affected} />
      {editor}
    </div>
  );
}
