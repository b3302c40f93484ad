import { startBots, refreshBots } from './bots';
import { startKeys, refreshKeys } from './keys';
import { $, ApiError, api, problem, reportFailure } from './kit';
import { loadProviders, refreshWebhooks, startWebhooks } from './webhooks';

/** Reloaded once signed out (or when the session had already ended); a refusal is shown instead. */
function startSignOut(): void {
  const signOut = $<HTMLButtonElement>('sign-out');
  signOut.addEventListener('click', async () => {
    if (signOut.disabled) return;
    signOut.disabled = true;
    problem('');
    try {
      await api('POST', '/signout');
      window.location.reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return window.location.reload();
      reportFailure(error);
      signOut.disabled = false;
    }
  });
}

// The dashboard page's script (bundled by `npm run pages`): a thin client of /dashboard/api. Signed
// in, the page carries the session's CSRF token; signed out (or unavailable) there is nothing to do.
if (document.getElementById('session')) {
  document.getElementById('needs-script')?.remove();
  startSignOut();
  startKeys();
  startBots();
  startWebhooks();
  Promise.all([refreshKeys(), refreshBots(), refreshWebhooks(), loadProviders()]).catch(reportFailure);
}
