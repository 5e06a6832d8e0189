import { importMessages, importRequestSchema, type ImportResponse } from '@forkful/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { reasonOf } from '@/lib/api-error';
import type { RecipeFormInput } from '../recipe-form-schema';
import { importPhoto, importRecipe } from './import-api';
import { previewToForm } from './preview-to-form';

export type ImportMode = 'link' | 'paste';

export interface ImportedForm {
  values: RecipeFormInput;
  source: { url: string | null; siteName: string | null };
  photo: File | undefined;
  warnings: string[];
}

interface ImportPanelProps {
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
  onImported: (imported: ImportedForm) => void;
  onClose: () => void;
}

/** The page's address: the whole request in link mode, an optional credit in paste mode. */
function AddressField({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
      {children}
    </div>
  );
}

/**
 * 'Import from a link' and 'paste the page' (issue 21): asks the server for a preview and hands the form its values,
 * the source and the first photo the server could fetch. Loaded only when the cook opens it (its own chunk).
 */
export default function ImportPanel({ mode, onModeChange, onImported, onClose }: ImportPanelProps) {
  const headingId = useId();
  const urlId = useId();
  const htmlId = useId();
  const [url, setUrl] = useState('');
  const [html, setHtml] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const body = mode === 'link' ? { url: url.trim() } : { html, ...(url.trim() ? { url: url.trim() } : {}) };
    const checked = importRequestSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? importMessages.nothingToImport);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(mode === 'link' ? 'Fetching the page…' : 'Reading the page…');
    try {
      const preview: ImportResponse = await importRecipe(checked.data, controller.signal);
      const photoUrl = preview.recipe.imageUrls[0];
      let photo: File | undefined;
      if (photoUrl) {
        setBusy('Fetching the photo…');
        photo = await importPhoto(photoUrl, controller.signal);
      }
      onImported({
        values: previewToForm(preview.recipe),
        source: { url: preview.recipe.sourceUrl, siteName: preview.recipe.siteName },
        photo,
        warnings: [...preview.warnings, ...(photoUrl && !photo ? ['The photo could not be fetched'] : [])],
      });
    } catch (caught) {
      if (!controller.signal.aborted) setError(reasonOf(caught));
    } finally {
      inFlight.current = null;
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-cream p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {mode === 'link' ? 'Import from a link' : 'Paste the page'}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {mode === 'link' ? (
          <AddressField id={urlId} label="Address of the recipe page" value={url} onChange={setUrl}>
            <p className="mt-1.5 text-sm text-ink-soft">
              Some sites refuse to be fetched: then{' '}
              <button
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-4 hover:no-underline"
                onClick={() => onModeChange('paste')}
              >
                paste the page
              </button>{' '}
              instead.
            </p>
          </AddressField>
        ) : (
          <>
            <div>
              <label htmlFor={htmlId} className="mb-1.5 block text-sm font-semibold">
                The page&rsquo;s source
              </label>
              <textarea
                id={htmlId}
                rows={6}
                value={html}
                onChange={(event) => setHtml(event.target.value)}
                placeholder="<!doctype html>…"
                className={`${inputClasses} min-h-32 resize-y font-mono text-xs`}
              />
              <p className="mt-1.5 text-sm text-ink-soft">
                In your browser, open the recipe, choose &lsquo;View page source&rsquo; (Ctrl+U, or ⌥⌘U on a Mac),
                select all, copy and paste it here.
              </p>
            </div>
            <AddressField
              id={urlId}
              label={
                <>
                  Its address <span className="font-normal text-ink-soft">(optional, to credit the site)</span>
                </>
              }
              value={url}
              onChange={setUrl}
            />
          </>
        )}
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy !== null}>
            {mode === 'link' ? 'Import' : 'Read the page'}
          </Button>
          {mode === 'link' ? null : (
            <Button variant="quiet" onClick={() => onModeChange('link')}>
              Import from a link instead
            </Button>
          )}
          {busy && (
            <>
              <p role="status" className="text-sm text-ink-soft">
                {busy}
              </p>
              <Button variant="ghost" size="sm" onClick={() => inFlight.current?.abort()}>
                Stop
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
