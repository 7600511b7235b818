import { useEffect, useRef, useState } from 'react';

/**
 * A newly created key, shown this once: only its hash is kept on the server, so the admin copies
 * it now and hands it to the partner.
 */
export function NewKeySecret({
  secret,
  partnerName,
  name,
  onDone,
}: {
  secret: string;
  partnerName: string;
  name: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'' | 'yes' | 'failed'>('');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="partners__secret" role="region" aria-labelledby="new-key-title" data-testid="new-key">
      <h3 id="new-key-title">
        New key for {partnerName} ({name})
      </h3>
      <p className="partners__warning">Copy this key now and give it to the partner: it will not be shown again.</p>
      <div className="partners__secret-row">
        <label htmlFor="new-key-value" className="visually-hidden">
          API key
        </label>
        <input
          id="new-key-value"
          ref={field}
          className="partners__secret-value"
          value={secret}
          readOnly
          spellCheck={false}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
          Copy key
        </button>
      </div>
      <p role="status" className="partners__copied">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: the key is selected, copy it with Ctrl+C.'
            : ''}
      </p>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        I have copied the key
      </button>
    </div>
  );
}
