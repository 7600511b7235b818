import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { PARTNER_RATE_LIMIT_MAX, validatePartnerKeyForm } from '@tembea/schema';
import { TextField } from '../../../../components/FormField';
import { errorMessage, serverFieldErrors } from '../../../../lib/errors';
import { CREATE_PARTNER_KEY, PARTNER_KEYS } from '../api/partner-keys.operations';
import { NewKeySecret } from './NewKeySecret';

type Field = 'partnerName' | 'name' | 'rateLimitPerMinute';

/** The form that creates a partner's API key; once created, the key is shown here once, with a copy button. */
export function CreateKeyForm() {
  const [partnerName, setPartnerName] = useState('');
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [created, setCreated] = useState<{ secret: string; partnerName: string; name: string } | null>(null);
  // The shown key goes with the button that closes it: focus stays in this panel, at its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const [create, { loading }] = useMutation(CREATE_PARTNER_KEY, {
    refetchQueries: [{ query: PARTNER_KEYS }],
    awaitRefetchQueries: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const values = {
      partnerName: partnerName.trim(),
      name: name.trim(),
      rateLimitPerMinute: limit.trim() === '' ? null : Number(limit),
    };
    const found = Object.fromEntries(validatePartnerKeyForm(values).map((f) => [f.field, f.message]));
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const r = await create({ variables: { input: values } });
      const made = r.data?.createPartnerKey;
      if (!made) throw new Error('The key could not be created.');
      setCreated({ secret: made.secret, partnerName: made.key.partnerName, name: made.key.name });
      setPartnerName('');
      setName('');
      setLimit('');
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(errorMessage(err, 'The key could not be created. Please try again.'));
    }
  };

  return (
    <section className="partners__panel" aria-labelledby="create-key-title">
      <h2 id="create-key-title" ref={heading} tabIndex={-1}>
        Create an API key
      </h2>
      {created ? (
        <NewKeySecret
          {...created}
          onDone={() => {
            setCreated(null);
            heading.current?.focus();
          }}
        />
      ) : null}
      <form className="partners__form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Partner name"
          value={partnerName}
          onChange={(e) => setPartnerName(e.target.value)}
          error={errors.partnerName}
          maxLength={100}
          required
          requiredMark
          hint="The travel agency that will use the key."
        />
        <TextField
          label="Key name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={60}
          required
          requiredMark
          hint="A label such as Production or Staging."
        />
        <TextField
          label="Rate limit (requests per minute)"
          type="number"
          inputMode="numeric"
          min={1}
          max={PARTNER_RATE_LIMIT_MAX}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={errors.rateLimitPerMinute}
          hint="Leave empty for the server default."
        />
        <div className="partners__form-actions">
          <button type="submit" className="btn btn--primary" disabled={loading}>
            {loading ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
      {failure ? (
        <p className="partners__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
