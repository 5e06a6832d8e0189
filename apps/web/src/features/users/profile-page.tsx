import type { User } from '@forkful/contracts';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { RecipeGrid } from '@/components/recipe-grid';
import { Avatar } from '@/components/ui/avatar';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { reasonOf } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { AvatarSettings } from './avatar-settings';
import { DeleteAccount } from './delete-account';
import { NameSettings } from './name-settings';
import { PasswordSettings } from './password-settings';
import { useGetCreatedRecipesQuery, useGetSavedRecipesQuery, useGetUserQuery } from './users-api';

type TabKey = 'created' | 'saved';

/** One profile tab's recipes: both tabs show the same grid over a different list. */
function ProfileRecipes({ result, label }: { result: RecipesResult; label: string }) {
  return (
    <RecipeGrid
      recipes={result.data?.recipes}
      loading={result.isLoading}
      failed={result.isError}
      narrow
      eagerCount={2}
      skeletonCount={4}
      label={label}
      headingLevel={2}
    />
  );
}

type RecipesResult = Pick<ReturnType<typeof useGetSavedRecipesQuery>, 'data' | 'isLoading' | 'isError'>;

function CreatedRecipes({ userId }: { userId: string }) {
  return <ProfileRecipes result={useGetCreatedRecipesQuery(userId)} label="Created recipes" />;
}

function SavedRecipes() {
  return <ProfileRecipes result={useGetSavedRecipesQuery()} label="Saved recipes" />;
}

function SettingsBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className="flex cursor-pointer list-none items-center justify-between px-5 py-4 font-semibold group-open:text-brand-700 [&::-webkit-details-marker]:hidden">
        {title}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 fill-current text-ink-soft transition-transform group-open:rotate-180"
        >
          <path d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
        </svg>
      </summary>
      <div className="border-t border-line px-5 py-5">{children}</div>
    </details>
  );
}

function ProfileCard({ user, isOwner }: { user: User; isOwner: boolean }) {
  const since = new Date(user.createdAt).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-5 rounded-3xl border border-line bg-white p-6 shadow-card lg:flex-col lg:items-start">
        {/* Smaller on phones, so the name keeps the room beside it. */}
        <Avatar
          url={user.avatar.url}
          variants={user.avatar.variants}
          name={user.name}
          px={112}
          className="ring-4 max-sm:size-20!"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{user.name}</h1>
          {isOwner && user.email && <p className="mt-1 text-sm break-all text-ink-soft sm:text-base">{user.email}</p>}
          <p className="mt-1 text-sm text-ink-soft">Cooking on Forkful since {since}</p>
        </div>
      </div>
      {isOwner && (
        <section
          aria-label="Account settings"
          className="divide-y divide-line rounded-2xl border border-line bg-white shadow-card"
        >
          <SettingsBlock title="Change avatar">
            <AvatarSettings user={user} />
          </SettingsBlock>
          <SettingsBlock title="Edit name">
            <NameSettings user={user} />
          </SettingsBlock>
          <SettingsBlock title="Change password">
            <PasswordSettings email={user.email ?? ''} />
          </SettingsBlock>
          <SettingsBlock title="Delete account">
            <DeleteAccount />
          </SettingsBlock>
        </section>
      )}
    </div>
  );
}

export function ProfilePage() {
  const { userId = '' } = useParams();
  const { user: me } = useSession();
  const { data, error, isLoading } = useGetUserQuery(userId);
  const [tab, setTab] = useState<TabKey>('created');
  const isOwner = me?._id === userId;

  if (isLoading) {
    return (
      <div className="container-page grid gap-8 py-10 lg:grid-cols-[20rem_1fr]" aria-busy="true">
        <Skeleton className="h-64 rounded-3xl" />
        <Skeleton className="h-96 rounded-3xl" />
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="container-page py-12">
        <ErrorBox>Error: {reasonOf(error)}</ErrorBox>
      </div>
    );
  }

  const tabs: TabItem<TabKey>[] = [
    { key: 'created', label: 'Created Recipes', panel: <CreatedRecipes userId={userId} /> },
  ];
  if (isOwner) tabs.push({ key: 'saved', label: 'Saved Recipes', panel: <SavedRecipes /> });

  return (
    <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[20rem_1fr] lg:items-start">
      <ProfileCard user={isOwner && me ? me : data.user} isOwner={isOwner} />
      <div className="min-w-0">
        <Tabs<TabKey> label="Recipes" tabs={tabs} active={isOwner ? tab : 'created'} onChange={setTab} />
      </div>
    </div>
  );
}
