import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { checkTourImageFiles, joinTourErrors, validateTourForm } from '@tembea/schema';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import { AdminToursTable } from '../shared/AdminToursTable';
import { forgetTourLists, verifyAdmin } from '../shared/admin-session';
import { useParkAreaOptions } from '../shared/park-areas';
import { useAdminTours, type AdminTour, type AdminToursState } from '../shared/useAdminTours';
import { useTourDelete, type StatusMessage } from '../shared/useTourDelete';
import { ADMIN_TOUR } from './api/tour-form.operations';
import { DeparturesPanel } from './components/DeparturesPanel';
import { ImagePicker } from './components/ImagePicker';
import { ItineraryEditor } from './components/ItineraryEditor';
import { TourFields } from './components/TourFields';
import { formToInput, formToValues, newTourForm, tourToForm, type TourFormState } from './lib/form-values';
import { profileCheckMessage, SAVE_TEXTS, saveErrorMessage } from './lib/save-errors';
import { saveTour } from './lib/tour-upload';
import '../shared/admin.css';
import './tour-form.css';

interface NavState {
  tour?: AdminTour;
  saved?: string;
}

/** /admin/new-tour and /admin/edit/{id}: the tour form, its departures, and every tour alongside. */
export function TourFormPage() {
  const { id } = useParams();
  const state = (useLocation().state ?? {}) as NavState;
  const passed = state.tour && state.tour.id === id ? state.tour : undefined;
  const { data, loading, error } = useQuery(ADMIN_TOUR, {
    variables: { id: id ?? '' },
    skip: !id || !!passed,
    fetchPolicy: 'network-only',
  });
  usePageMeta(id ? 'Edit Tour' : 'New Tour');

  const list = useAdminTours();
  const reloadList = () => void list.reload();

  const tour = passed ?? data?.tour ?? undefined;
  let body;
  if (!id) body = <TourEditor key="new" onSaved={reloadList} />;
  else if (tour) body = <TourEditor key={id} tour={tour} saved={state.saved} onSaved={reloadList} />;
  else if (loading) body = <Spinner label="Loading tour…" />;
  else
    body = (
      <div className="admin-state">
        <h1>Tour Not Found</h1>
        <p>{error ? error.message : "The tour you're looking for doesn't exist or may have been removed."}</p>
        <Link to="/admin/new-tour" className="btn btn--primary">
          New Tour
        </Link>
      </div>
    );
  return (
    <div className="admin-page tour-form-page">
      <div className="tour-form-page__form">{body}</div>
      <ExistingTours list={list} currentId={id} />
    </div>
  );
}

function TourEditor({ tour, saved, onSaved }: { tour?: AdminTour; saved?: string; onSaved(): void }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<TourFormState>(() => (tour ? tourToForm(tour) : newTourForm()));
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ title?: string; text: string } | null>(null);
  const [success, setSuccess] = useState<string | null>(saved ?? null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const problemBox = useRef<HTMLDivElement>(null);
  const parkAreas = useParkAreaOptions();

  const change = (patch: Partial<TourFormState>) => setForm((f) => ({ ...f, ...patch }));
  const fail = (text: string, title?: string) => {
    setProblem({ title, text });
    requestAnimationFrame(() => problemBox.current?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    setProblem(null);
    const errors = validateTourForm(formToValues(form));
    const fileErrors = checkTourImageFiles(files, form.images.length);
    setInvalid(new Set(errors.map((x) => x.field)));
    if (errors.length || fileErrors.length) {
      fail([joinTourErrors(errors), ...fileErrors].filter(Boolean).join('\n'));
      return;
    }
    setSaving(true);
    try {
      const check = await verifyAdmin(client);
      if (check.status === 'not-admin') return fail(`Admin access required. Current role: ${check.role}`);
      if (check.status === 'failed') return fail(profileCheckMessage(check.message));
      if (files.length) setProgress(0);
      const result = await saveTour(client, { id: tour?.id, input: formToInput(form), files, onProgress: setProgress });
      forgetTourLists(client.cache);
      onSaved();
      setFiles([]);
      if (tour) {
        setForm(tourToForm(result));
        setSuccess('Tour updated successfully!');
      } else {
        void navigate(`/admin/edit/${result.id}`, {
          state: { tour: result, saved: 'Tour created successfully!' } satisfies NavState,
        });
      }
    } catch (err) {
      fail(saveErrorMessage(err, tour ? 'Failed to update tour' : 'Failed to upload tour'), SAVE_TEXTS.saveError);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  return (
    <>
      <h1>{tour ? `Edit Tour: ${tour.title}` : 'New Tour'}</h1>
      {tour ? (
        <p>
          <Link to={`/tour/${tour.id}`}>View the tour page</Link>
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {success ? <p className="admin-status admin-status--success">{success}</p> : null}
      </div>
      {problem ? (
        <div
          ref={problemBox}
          className="admin-status admin-status--error"
          role="alert"
          tabIndex={-1}
          data-testid="tour-form-errors"
        >
          {problem.title ? <strong className="tour-form__problem-title">{problem.title}</strong> : null}
          {problem.text}
        </div>
      ) : null}
      <form className="tour-form" onSubmit={submit} noValidate aria-label={tour ? 'Edit tour' : 'New tour'}>
        <TourFields value={form} onChange={change} invalid={invalid} />
        <ItineraryEditor
          rows={form.itinerary}
          onChange={(itinerary) => change({ itinerary })}
          areas={parkAreas.areas}
          areasNote={
            parkAreas.loading
              ? 'Loading the protected areas of the park fee schedules…'
              : parkAreas.error
                ? 'The protected areas could not be loaded; reload the page to choose a day’s area.'
                : parkAreas.areas.length === 0
                  ? 'No park fee schedule lists a protected area yet: add one under Park fees.'
                  : undefined
          }
        />
        <ImagePicker
          kept={form.images}
          onKeptChange={(images) => change({ images })}
          files={files}
          onFilesChange={setFiles}
          progress={progress}
        />
        <div className="tour-form__submit">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving...' : tour ? 'Update Tour' : 'Create Tour'}
          </button>
        </div>
      </form>
      {tour ? <DeparturesPanel tourId={tour.id} defaultCapacity={tour.capacity ?? 20} /> : null}
    </>
  );
}

/** Every tour with Edit and Delete, beside the form. */
function ExistingTours({ list, currentId }: { list: AdminToursState; currentId?: string }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const remove = useTourDelete({
    onStatus: setStatus,
    onRemoved: (removed) => {
      list.removeLocal(removed);
      if (removed === currentId) void navigate('/admin/new-tour', { replace: true });
    },
    onFailed: () => void list.reload(),
  });
  return (
    <section className="tour-form-page__list" aria-labelledby="existing-tours-title">
      <h2 id="existing-tours-title">Existing Tours</h2>
      <div role={status?.tone === 'error' ? 'alert' : 'status'}>
        {status ? <p className={`admin-status admin-status--${status.tone}`}>{status.text}</p> : null}
      </div>
      {list.loading && list.tours.length === 0 ? <p>Loading tours...</p> : null}
      {!list.loading && list.tours.length === 0 ? <p>No tours found</p> : null}
      {list.tours.length ? (
        <AdminToursTable
          tours={list.tours}
          deletingId={remove.deletingId}
          onDelete={remove.request}
          caption="Existing tours"
        />
      ) : null}
      {remove.dialogs}
    </section>
  );
}
