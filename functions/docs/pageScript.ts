/**
 * The docs page's script, shipped as written (its hash is pinned in the page's CSP). It builds the
 * "try it" form from the OpenAPI document the page carries, and sends requests with the visitor's key.
 */
export const DOCS_PAGE_SCRIPT = `
(() => {
  const doc = JSON.parse(document.getElementById('openapi').textContent);
  const base = JSON.parse(document.getElementById('page').textContent).basePath;
  const form = document.getElementById('try');
  const select = document.getElementById('try-route');
  const fields = document.getElementById('try-params');
  const status = document.getElementById('try-status');
  const image = document.getElementById('try-image');
  const json = document.getElementById('try-json');
  const operations = {};
  for (const [path, methods] of Object.entries(doc.paths)) {
    const get = methods.get;
    // Only the API's own GET operations: this page and the document itself are the documentation's.
    if (!get || get.tags.includes('docs')) continue;
    operations[get.operationId] = { path, parameters: get.parameters || [] };
    const option = document.createElement('option');
    option.value = get.operationId;
    option.textContent = 'GET ' + path;
    select.append(option);
  }
  const show = (id, values) => {
    select.value = id;
    fields.replaceChildren();
    for (const parameter of operations[id].parameters) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.name = parameter.name;
      input.dataset.in = parameter.in;
      input.value = values && values[parameter.name] !== undefined ? values[parameter.name] : parameter.example !== undefined ? String(parameter.example) : '';
      input.placeholder = parameter.schema.default !== undefined ? 'default ' + parameter.schema.default : parameter.required ? 'required' : 'optional';
      label.append(parameter.name + (parameter.required ? ' *' : ''), input);
      fields.append(label);
    }
  };
  select.addEventListener('change', () => show(select.value));
  for (const button of document.querySelectorAll('button[data-try]')) {
    button.addEventListener('click', () => {
      show(button.dataset.try);
      form.scrollIntoView();
    });
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const operation = operations[select.value];
    let path = operation.path;
    const query = new URLSearchParams();
    for (const input of fields.querySelectorAll('input')) {
      if (input.dataset.in === 'path') path = path.replace('{' + input.name + '}', encodeURIComponent(input.value));
      else if (input.value !== '') query.set(input.name, input.value);
    }
    const key = document.getElementById('try-key').value.trim();
    const url = base + path + (query.size ? '?' + query : '');
    status.textContent = 'GET ' + url + ' ...';
    image.hidden = true;
    json.hidden = true;
    try {
      const answer = await fetch(url, { headers: key ? { Authorization: 'Bearer ' + key } : {} });
      const type = answer.headers.get('content-type') || '';
      const left = answer.headers.get('x-ratelimit-remaining');
      status.textContent = answer.status + ' ' + type.split(';')[0] + (left !== null ? ' (' + left + ' requests left this minute)' : '');
      if (answer.ok && type.startsWith('image/')) {
        if (image.src) URL.revokeObjectURL(image.src);
        image.src = URL.createObjectURL(await answer.blob());
        image.hidden = false;
      } else {
        const text = await answer.text();
        try { json.textContent = JSON.stringify(JSON.parse(text), null, 2); } catch { json.textContent = text; }
        json.hidden = false;
      }
    } catch (error) {
      status.textContent = 'The request failed: ' + error.message;
    }
  });
  show(select.options[0].value);
})();
`;
