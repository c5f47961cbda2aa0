import { errorOfResponse, postForm } from '../../../lib/api.ts';
import { fetchCsrfToken } from '../../../lib/session/api/auth-csrf.ts';

/** `POST /api/auth/signout` form-encoded with `json=true`: the server deletes the session. */
export async function signOut(): Promise<void> {
  const csrfToken = await fetchCsrfToken();
  const raw = await postForm('/api/auth/signout', {
    csrfToken,
    callbackUrl: window.location.href,
    json: 'true',
  });
  if (raw.httpStatus < 200 || raw.httpStatus >= 300) throw errorOfResponse(raw);
}
