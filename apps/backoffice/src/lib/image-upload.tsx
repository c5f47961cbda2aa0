import { useTranslation } from 'react-i18next';
import { MEDIA_UPLOAD_TYPES } from '@casino/contracts/media';
import { apiUpload, errorKey, isApiError, useApiWrite } from './api.ts';

/**
 * What a refused upload tells the operator: over 8 MiB (413), more than 25 million pixels (400
 * `max`), the server busy with other uploads (429: try again shortly), not an accepted image (any
 * other 400), or what any request's failure says (the network, the session).
 */
export function uploadErrorKey(error: unknown): string {
  if (!isApiError(error)) return errorKey(error);
  if (error.status === 'too_large') return 'upload.tooLarge';
  if (error.status === 'too_many') return 'upload.busy';
  if (error.status !== 'invalid') return errorKey(error);
  if (error.errors.some((e) => e.code === 'max')) return 'upload.tooManyPixels';
  return 'upload.badImage';
}

/**
 * The console's one image upload (banners, game images): sends the chosen image to `media.upload`
 * (`apiUpload`, with its longer timeout) and gives back its address, or the refusal in words
 * (`uploadErrorKey`). Its file input is `ImageUpload`; `isPending` keeps the form around it busy.
 */
export function useImageUpload({
  onUploaded,
  onFailed,
}: {
  onUploaded: (url: string) => void;
  onFailed: (text: string) => void;
}) {
  const { t } = useTranslation();
  return useApiWrite((image: File) => apiUpload('media.upload', image), {
    onSuccess: (answer) => onUploaded(answer.url),
    onError: (error) => onFailed(t(uploadErrorKey(error))),
  });
}

/** The file input of an upload (`useImageUpload`): `onStart` runs as a file is sent (a form clears its message). */
export function ImageUpload({
  label,
  upload,
  disabled = false,
  onStart,
}: {
  label: string;
  upload: ReturnType<typeof useImageUpload>;
  disabled?: boolean;
  onStart?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          type="file"
          accept={Object.keys(MEDIA_UPLOAD_TYPES).join(',')}
          disabled={disabled || upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            onStart?.();
            upload.mutate(file);
          }}
        />
      </label>
      {upload.isPending && <span className="muted">{t('upload.sending')}</span>}
    </>
  );
}
