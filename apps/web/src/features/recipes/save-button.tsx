import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { loginHref, useHere, usePendingLoginAction } from '@/lib/login-return';
import { useCheckSavedQuery, useSaveRecipeMutation, useUnsaveRecipeMutation } from './recipes-api';

const base = 'inline-flex h-11 items-center gap-2 rounded-full px-5 font-semibold transition-colors';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-5 stroke-current stroke-2', filled ? 'fill-current' : 'fill-none')}
    >
      <path
        d="M12 20s-7-4.4-9-9C1.7 7.7 3.8 4.5 7.2 4.5c1.9 0 3.5 1 4.8 2.7 1.3-1.7 2.9-2.7 4.8-2.7 3.4 0 5.5 3.2 4.2 6.5-2 4.6-9 9-9 9Z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Save/Saved: flips at once; a failed unsave reverts to Saved (spec section 4). A visitor's Save leads to the log-in
 * screen, which returns here and asks for the save to be finished: the recipe is saved (never unsaved, if it already
 * was) as soon as its saved state is known.
 */
export function SaveButton({ recipeId, loggedIn }: { recipeId: string; loggedIn: boolean }) {
  const navigate = useNavigate();
  const here = useHere();
  const { data, isLoading, isFetching, isError } = useCheckSavedQuery(recipeId, { skip: !loggedIn });
  const [save] = useSaveRecipeMutation();
  const [unsave] = useUnsaveRecipeMutation();
  const [savePending, saveDone] = usePendingLoginAction('save');
  // Development's StrictMode runs effects twice: the save is asked for once.
  const finished = useRef(false);

  useEffect(() => {
    if (!savePending || !loggedIn || finished.current || isFetching || (!data && !isError)) return;
    finished.current = true;
    if (data && !data.isSaved) void save(recipeId);
    saveDone();
  }, [savePending, loggedIn, data, isFetching, isError, save, saveDone, recipeId]);

  if (!loggedIn) {
    return (
      <button
        type="button"
        onClick={() => void navigate(loginHref(here, 'save'))}
        className={cn(base, 'border border-line bg-white hover:border-brand-500')}
      >
        <Heart filled={false} />
        Save
      </button>
    );
  }

  const saved = data?.isSaved ?? false;
  return (
    <button
      type="button"
      aria-pressed={saved}
      disabled={isLoading}
      onClick={() => void (saved ? unsave(recipeId) : save(recipeId))}
      className={cn(
        base,
        saved
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'border border-line bg-white text-ink hover:border-brand-500 hover:text-brand-700',
      )}
    >
      <Heart filled={saved} />
      {saved ? 'Saved' : 'Save'}
    </button>
  );
}
