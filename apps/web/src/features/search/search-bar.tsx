import { clientErrors, SUGGESTION_DEBOUNCE_MS, type Suggestion } from '@forkful/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '@/lib/store-hooks';
import { clearSuggestions, fetchSuggestions, selectSearch, setSearchFocus } from './search-slice';
import { SearchIcon } from '@/components/ui/search-icon';

interface SearchBarProps {
  /** Called after a search is submitted or a suggestion chosen (the app closes the phone menu). */
  onSubmitted?: () => void;
  className?: string;
}

/** The keys the spec gives a meaning in the list; any other key re-enables suggestions after a selection. */
const LIST_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter']);

/**
 * The header search: a WAI-ARIA combobox with a listbox of suggestions (spec sections 2 and 5). Typing asks for
 * suggestions after 400ms; a newer request aborts the older one; blank input clears them without a call.
 */
export function SearchBar({ onSubmitted, className }: SearchBarProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { focus, searchStarted, suggested } = useSelector(selectSearch);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<{ abort: () => void } | null>(null);
  // Read synchronously by the change handler that follows a keydown in the same gesture.
  const suppressed = useRef(false);

  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const [chosen, setChosen] = useState<Suggestion | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const [hidden, setHidden] = useState(false);

  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
  };

  useEffect(() => cancelPending, []);

  // "It can be focused from outside": whoever sets the flag, the visible search box takes focus and clears it.
  useEffect(() => {
    if (!focus) return;
    // Deferred so an opening menu dialog has placed its own initial focus first.
    const handle = setTimeout(() => {
      const input = inputRef.current;
      if (!input) return;
      const visible = typeof input.checkVisibility === 'function' ? input.checkVisibility() : true;
      if (!visible) return;
      input.focus();
      dispatch(setSearchFocus(false));
    }, 0);
    return () => clearTimeout(handle);
  }, [focus, dispatch]);

  const options = suggested.data;
  const open = hasFocus && !hidden && searchStarted && text.trim() !== '';
  const listShown = open && !suggested.loading && !suggested.error && options.length > 0;

  // The value the handlers last saw. A script that sets the input's value before firing `input` (a password
  // manager, an extension, a test) hides the change from React's onChange, so onInput reports it too; whichever
  // handler runs second finds nothing new.
  const seen = useRef('');

  const onChange = (value: string) => {
    if (value === seen.current) return;
    seen.current = value;
    setText(value);
    setChosen(null);
    setHighlight(-1);
    if (value.trim() === '') {
      cancelPending();
      dispatch(clearSuggestions());
      return;
    }
    if (suppressed.current) return;
    setHidden(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      inFlight.current?.abort();
      inFlight.current = dispatch(fetchSuggestions(value.trim()));
    }, SUGGESTION_DEBOUNCE_MS);
  };

  const choose = (suggestion: Suggestion) => {
    cancelPending();
    suppressed.current = true;
    seen.current = suggestion.title;
    setText(suggestion.title);
    setChosen(suggestion);
    setHighlight(-1);
    setHidden(true);
  };

  const finish = () => {
    cancelPending();
    suppressed.current = true;
    setHidden(true);
    setHighlight(-1);
    dispatch(clearSuggestions());
    onSubmitted?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!LIST_KEYS.has(event.key)) {
      // Any other key re-enables suggestions after a selection (spec section 2). Escape also hides the list.
      suppressed.current = false;
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        setHidden(true);
        setHighlight(-1);
      }
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && hidden && !suppressed.current && options.length > 0) {
      // The arrows reopen a list that Escape closed.
      event.preventDefault();
      setHidden(false);
    } else if (event.key === 'ArrowDown' && listShown) {
      event.preventDefault();
      setHighlight((current) => (current + 1) % options.length);
    } else if (event.key === 'ArrowUp' && listShown) {
      event.preventDefault();
      setHighlight((current) => (current <= 0 ? options.length - 1 : current - 1));
    } else if (event.key === 'Enter' && listShown && highlight >= 0) {
      // Fill the input with the highlighted suggestion; do not submit.
      event.preventDefault();
      const suggestion = options[highlight];
      if (suggestion) choose(suggestion);
    }
  };

  const onSubmit = () => {
    // What the box shows now, even if no event told us about a change.
    const current = inputRef.current?.value ?? text;
    if (chosen && current === chosen.title) {
      void navigate(`/view-recipe/${chosen._id}`);
      finish();
      return;
    }
    const query = current.trim();
    if (!query) return;
    void navigate(`/searched-recipes?query=${encodeURIComponent(query)}`);
    finish();
  };

  let status: string | null = null;
  if (open && suggested.loading) status = clientErrors.searchLoading;
  else if (open && suggested.error) status = clientErrors.searchError;
  else if (open && options.length === 0) status = clientErrors.searchNoMatch;

  return (
    <form
      role="search"
      aria-label="Recipes"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search recipes
      </label>
      <div className="flex h-12 items-center rounded-full border border-line bg-white pl-5 shadow-sm transition-colors focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-100">
        <SearchIcon className="size-5 shrink-0 stroke-ink-soft" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Find a recipe"
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listboxId}
          aria-activedescendant={listShown && highlight >= 0 ? optionId(highlight) : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onInput={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setHasFocus(true)}
          onBlur={() => setHasFocus(false)}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-ink placeholder:text-ink-soft/70 focus-visible:outline-none"
        />
        <button
          type="submit"
          aria-label="Search"
          className="mr-1 grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
            <path d="M5 12h14M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <div
        className={cn(
          'absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-lift',
          !open && 'hidden',
        )}
      >
        <div role="status" aria-live="polite" className={cn(status && 'px-5 py-4 text-sm text-ink-soft')}>
          {status}
        </div>
        <ul id={listboxId} role="listbox" aria-label="Suggested recipes" className={cn(!listShown && 'hidden', 'py-2')}>
          {listShown &&
            options.map((option, index) => (
              // Options are reached through the input (aria-activedescendant), so keys are handled there.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === highlight}
                // Keep focus in the input so the click below still lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  seen.current = option.title;
                  setText(option.title);
                  void navigate(`/view-recipe/${option._id}`);
                  finish();
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-5 py-2.5 text-ink',
                  index === highlight ? 'bg-brand-50 text-brand-700' : 'hover:bg-cream',
                )}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-4 shrink-0 fill-none stroke-current stroke-2 opacity-50"
                >
                  <circle cx="9" cy="9" r="5.5" />
                  <path d="M17 17l-3.8-3.8" strokeLinecap="round" />
                </svg>
                <span className="truncate">{option.title}</span>
              </li>
            ))}
        </ul>
      </div>
    </form>
  );
}
