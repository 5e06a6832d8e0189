import { IMAGE_MIME_TYPES, type User } from '@forkful/contracts';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FileButton } from '@/components/ui/file-button';
import { FieldError } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { sessionUserUpdated } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { useImageUpload } from '@/lib/use-image-upload';
import { invalidateUser, updateAvatar, useRemoveAvatarMutation } from './users-api';

/**
 * Change the avatar, with progress, or remove it to fall back to the default picture. A change takes image files
 * (spec section 5); only sign-up's avatar is limited to png or jpeg. The server reads the format from the bytes and
 * names the formats it takes if a file is none of them.
 */
export function AvatarSettings({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const avatar = useImageUpload({
    upload: updateAvatar,
    onUploaded: (result) => {
      dispatch(sessionUserUpdated(result.user));
      dispatch(invalidateUser(user._id));
    },
  });
  const { file, preview, fieldError, progress, error } = avatar;
  const [removeAvatar, removeState] = useRemoveAvatarMutation();
  const busy = avatar.uploading || avatar.checking || removeState.isLoading;

  const remove = async () => {
    const result = await avatar.remove(() => removeAvatar());
    if (result.data) dispatch(sessionUserUpdated(result.data.user));
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        {preview ? (
          <img src={preview} alt="New avatar" className="size-16 rounded-full object-cover" />
        ) : (
          <Avatar url={user.avatar.url} variants={user.avatar.variants} name={user.name} px={64} />
        )}
        <div className="flex flex-wrap gap-2">
          <FileButton
            accept={IMAGE_MIME_TYPES.join(',')}
            disabled={busy}
            describedBy={fieldError ? `${id}-error` : undefined}
            invalid={Boolean(fieldError)}
            onFile={avatar.choose}
          >
            Change avatar
          </FileButton>
          {!user.avatar.isDefault && !file && (
            <Button variant="ghost" disabled={busy} onClick={() => void remove()}>
              Remove avatar
            </Button>
          )}
        </div>
      </div>
      <FieldError id={`${id}-error`} message={fieldError} />
      {progress !== null && <ProgressBar value={progress} label="Uploading avatar" />}
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      {file && (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void avatar.save()} disabled={busy}>
            Save avatar
          </Button>
          <Button size="sm" variant="ghost" onClick={avatar.cancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
