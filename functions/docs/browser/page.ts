/**
 * The docs page's script (bundled by `npm run pages`): builds the "try it" form from the OpenAPI
 * document the page carries, and sends requests with the visitor's key.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: { default?: unknown };
}

interface Document {
  paths: Record<string, { get?: { operationId: string; tags: string[]; parameters?: Parameter[] } }>;
}

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const dataBlock = (id: string) => JSON.parse(element(id).textContent ?? 'null');

const doc: Document = dataBlock('openapi');
const base: string = dataBlock('page').basePath;
const form = element<HTMLFormElement>('try');
const select = element<HTMLSelectElement>('try-route');
const fields = element<HTMLDivElement>('try-params');
const status = element<HTMLParagraphElement>('try-status');
const image = element<HTMLImageElement>('try-image');
const json = element<HTMLPreElement>('try-json');

const operations: Record<string, { path: string; parameters: Parameter[] }> = {};
for (const [path, methods] of Object.entries(doc.paths)) {
  const get = methods.get;
  // Only the API's own GET operations: this page and the document itself are the documentation's.
  if (!get || get.tags.includes('docs')) continue;
  operations[get.operationId] = { path, parameters: get.parameters || [] };
  const option = document.createElement('option');
  option.value = get.operationId;
  option.textContent = `GET ${path}`;
  select.append(option);
}

const initialValue = (parameter: Parameter) => (parameter.example !== undefined ? String(parameter.example) : '');
const placeholderOf = (parameter: Parameter) =>
  parameter.schema.default !== undefined
    ? `default ${parameter.schema.default}`
    : parameter.required
      ? 'required'
      : 'optional';

function show(id: string): void {
  select.value = id;
  fields.replaceChildren();
  for (const parameter of operations[id]?.parameters ?? []) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.name = parameter.name;
    input.dataset.in = parameter.in;
    input.value = initialValue(parameter);
    input.placeholder = placeholderOf(parameter);
    label.append(parameter.name + (parameter.required ? ' *' : ''), input);
    fields.append(label);
  }
}

async function showAnswer(answer: Response): Promise<void> {
  const type = answer.headers.get('content-type') || '';
  const left = answer.headers.get('x-ratelimit-remaining');
  const rate = left !== null ? ` (${left} requests left this minute)` : '';
  status.textContent = `${answer.status} ${type.split(';')[0]}${rate}`;
  if (answer.ok && type.startsWith('image/')) {
    if (image.src) URL.revokeObjectURL(image.src);
    image.src = URL.createObjectURL(await answer.blob());
    image.hidden = false;
    return;
  }
  const text = await answer.text();
  try {
    json.textContent = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    json.textContent = text;
  }
  json.hidden = false;
}

select.addEventListener('change', () => show(select.value));
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-try]')) {
  // Focus follows the scroll: a keyboard user lands on the form's first field, not on the button left off screen.
  button.addEventListener('click', () => {
    show(button.dataset.try ?? '');
    form.scrollIntoView();
    form.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
  });
}
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const operation = operations[select.value];
  if (!operation) return;
  let path = operation.path;
  const query = new URLSearchParams();
  for (const input of fields.querySelectorAll('input')) {
    if (input.dataset.in === 'path') path = path.replace(`{${input.name}}`, encodeURIComponent(input.value));
    else if (input.value !== '') query.set(input.name, input.value);
  }
  const key = element<HTMLInputElement>('try-key').value.trim();
  const url = base + path + (query.size ? `?${query}` : '');
  status.textContent = `GET ${url} ...`;
  image.hidden = true;
  json.hidden = true;
  try {
    await showAnswer(await fetch(url, { headers: key ? { Authorization: `Bearer ${key}` } : {} }));
  } catch (error) {
    status.textContent = `The request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
});
show(select.options[0]?.value ?? '');
