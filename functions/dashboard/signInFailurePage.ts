import type { APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../shared/errors/apiError';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { preferredType } from '../../shared/http/accept';
import { basePathOf } from '../../shared/http/basePath';
import type { ApiMiddleware } from '../../shared/http/middleware/types';
import { h } from '../../shared/html/builder';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { dashboardShell } from './pageShell';
import { troubleOf, type SignInTrouble } from './signInTrouble';

const { dashboardPage, dashboardSignIn, dashboardCallback } = dashboardRoutes;
const SIGN_IN_ROUTES = new Set([dashboardSignIn.path, dashboardCallback.path]);

/** What each trouble is called, and what to say of it: plain words, what happened and what it means. */
const WORDS: Record<Exclude<SignInTrouble, 'other'>, { title: string; text: string }> = {
  expired: {
    title: 'This sign-in has expired',
    text:
      'A sign-in has to be finished within 10 minutes, and each one works once: this one is too old or was ' +
      'already used. You are not signed in by it.',
  },
  elsewhere: {
    title: 'This sign-in was started elsewhere',
    text:
      'The link that brought you here belongs to a sign-in started in another browser or tab, or it was changed ' +
      'on the way. You are not signed in by it.',
  },
  refused: {
    title: 'Discord did not accept this sign-in',
    text: 'Discord turned the sign-in down (its answer was already used, too old, or not meant for this dashboard).',
  },
  discordFailed: {
    title: 'Discord could not sign you in',
    text: 'Discord failed or did not answer in time. Nothing is wrong on your side: try again in a moment.',
  },
};

const OTHER = { title: 'Signing in did not work' };

/** What to tell the person: the trouble's words, or the error's own message (written for people) for the rest. */
function wordsFor(error: unknown): { title: string; text: string } {
  const trouble = troubleOf(error);
  if (trouble !== 'other') return WORDS[trouble];
  if (error instanceof ApiError) return { ...OTHER, text: error.message };
  if (error instanceof StoreUnavailableError) return { ...OTHER, text: 'The dashboard is unavailable; retry shortly.' };
  return { ...OTHER, text: 'Something went wrong on our side.' };
}

const statusOf = (error: unknown) =>
  error instanceof ApiError ? error.statusCode : error instanceof StoreUnavailableError ? 503 : 500;

/** A sign-in that failed, as a page: what happened, "Try again" (a fresh sign-in) and the way back. */
export function signInFailurePage(error: unknown, basePath: string): APIGatewayProxyResult {
  const { title, text } = wordsFor(error);
  const statusCode = statusOf(error);
  return dashboardShell({
    title: `${title} - Dashboard`,
    basePath,
    statusCode,
    headers: { Vary: 'Accept' },
    body: [
      h('h1', {}, title),
      h(
        'section',
        { id: 'sign-in-failed', 'aria-labelledby': 'sign-in-failed-text' },
        h('p', { id: 'sign-in-failed-text' }, text),
        h(
          'p',
          { class: 'row' },
          h('a', { class: 'button primary', href: `${basePath}${dashboardSignIn.path}` }, 'Try again'),
          h('a', { class: 'button', href: `${basePath}${dashboardPage.path}` }, 'Back to the dashboard'),
        ),
      ),
    ],
  });
}

/** A browser navigating (it asks for HTML before JSON); a program asking for JSON, or nothing, gets the envelope. */
const wantsPage = (accept: string | undefined) =>
  preferredType(accept, ['application/json', 'text/html']) === 'text/html';

/**
 * The dashboard group's output middleware (services.ts) for the two sign-in routes: what they
 * refuse, a browser reads as signInFailurePage; other clients keep the JSON envelope and its code.
 */
export const dashboardSignInFailurePage: ApiMiddleware = {
  onError: (request) => {
    const { event, error } = request;
    if (event.httpMethod !== 'GET' || !SIGN_IN_ROUTES.has(event.resource) || !wantsPage(event.headers?.accept)) return;
    request.response = signInFailurePage(error, basePathOf(event));
  },
};
