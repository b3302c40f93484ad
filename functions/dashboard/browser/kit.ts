/**
 * What every section of the dashboard's script shares: the page's elements, the dashboard API (its
 * answers are the JSON envelope), and buttons and forms that run one request at a time. Everything
 * a person typed goes into the page as text, never as markup.
 */
import { type FieldIssue, plainIssues } from './fieldErrors';

/** The page's element of that id: the server's markup has it (page.ts and the sections). */
export function $<T extends HTMLElement = HTMLInputElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** An error the dashboard API answered, with its HTTP status and the fields it refused, if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/** What went wrong in words: refused fields named by their labels in `form` (fieldErrors.ts), never by path. */
const messageOf = (error: unknown, form?: HTMLFormElement) => {
  if (error instanceof ApiError && error.details.length > 0) return plainIssues(error.details, form);
  return error instanceof Error ? error.message : String(error);
};

/** The API's root: the dashboard is its /dashboard page. */
export const apiRoot = () => window.location.origin + window.location.pathname.replace(/\/dashboard\/*$/, '');

const base = () => `${window.location.pathname.replace(/\/+$/, '')}/api`;

/** The session's CSRF token, from the data block the signed-in page carries. */
const csrf = () => JSON.parse($('session').textContent ?? '{}').csrfToken as string;

interface Envelope<T> {
  success?: boolean;
  data?: T;
  error?: { message?: string; details?: FieldIssue[] };
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf();
  const response = await fetch(base() + path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !answer?.success) {
    throw new ApiError(
      answer?.error?.message || `The server answered ${response.status}`,
      response.status,
      Array.isArray(answer?.error?.details) ? answer.error.details : [],
    );
  }
  return answer.data as T;
}

export const problem = (text?: string) => {
  $('problem').textContent = text || '';
};
export const say = (text: string) => {
  $('status').textContent = text;
};
/** Shows what went wrong: for a promise whose failure nothing else handles. */
export const reportFailure = (error: unknown) => problem(messageOf(error));

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'never');

export function cell(row: HTMLTableRowElement, text: string, code?: boolean): HTMLTableCellElement {
  const td = row.insertCell();
  if (code) td.appendChild(document.createElement('code')).textContent = text;
  else td.textContent = text;
  return td;
}

/** Each body cell named by its column's header: on a phone the rows are stacked and show it (pageStyle.ts). */
export function labelCells(table: HTMLTableElement): void {
  const names = Array.from(table.tHead?.rows[0]?.cells ?? [], (th) => th.textContent ?? '');
  for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
    for (const td of Array.from(row.cells)) {
      const name = names[td.cellIndex];
      if (name && name !== 'Actions') td.dataset.label = name;
    }
  }
}

/** A row's button runs one request at a time: disabled (a second click ignored) until it settles. */
export function button(label: string, name: string, onClick: () => Promise<unknown>): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.setAttribute('aria-label', `${label} ${name}`);
  element.addEventListener('click', async () => {
    if (element.disabled) return;
    element.disabled = true;
    try {
      await onClick().catch(reportFailure);
    } finally {
      element.disabled = false;
    }
  });
  return element;
}

export const busy = (form: HTMLElement) => Boolean(form.dataset.busy);

/**
 * A form sends one request at a time: a second submit (double click, Enter twice) is ignored and
 * its button disabled until the first settles; `enabled` says whether the button is usable otherwise.
 */
export function onSubmit(form: HTMLFormElement, run: () => Promise<unknown>, enabled: () => boolean = () => true) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy(form)) return;
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
    form.dataset.busy = 'yes';
    if (submit) submit.disabled = true;
    problem('');
    try {
      await run();
    } catch (error) {
      problem(messageOf(error, form));
    } finally {
      delete form.dataset.busy;
      if (submit) submit.disabled = !enabled();
    }
  });
}

/** After a row goes away (revoked, deleted, removed, replayed), focus its section's heading, not the page. */
export const focusHeading = (id: string) => $(id).focus();

/** Copies `text` after `select` selects it on the page: the clipboard API where there is one, else the selection. */
function copyText(text: string, select: () => void, done: () => void): void {
  select();
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => document.execCommand('copy') && done());
  else if (document.execCommand('copy')) done();
}

/** Copies a field's text. */
export const copyField = (field: HTMLInputElement, done: () => void) =>
  copyText(field.value, () => field.select(), done);

/** Copies an element's text (a code block). */
export const copyElement = (element: HTMLElement, done: () => void) =>
  copyText(element.textContent ?? '', () => window.getSelection()?.selectAllChildren(element), done);
