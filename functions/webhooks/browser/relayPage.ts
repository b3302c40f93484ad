import { discordWebhook } from '../../../shared/routes/webhookUrl';

/**
 * The relay page's script (bundled by `npm run pages`): turns a pasted Discord webhook URL into the
 * relay URL of each provider, with the events each is to forward.
 */
const input = document.getElementById('discord-url') as HTMLInputElement;
const problem = document.getElementById('problem') as HTMLElement;
const base = window.location.href.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';

function update(): void {
  const match = discordWebhook(input.value);
  problem.textContent =
    input.value.trim() && !match
      ? 'That is not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>).'
      : '';
  for (const output of document.querySelectorAll<HTMLInputElement>('input[data-provider]')) {
    const events = document.querySelector<HTMLInputElement>(`input[data-events="${output.dataset.provider}"]`);
    const only = events?.value.replace(/\s+/g, '');
    const relay = (output.dataset.relay ?? '').replace('{id}', match?.id ?? '').replace('{token}', match?.token ?? '');
    output.value = match ? `${base}/${relay}${only ? `?events=${encodeURIComponent(only)}` : ''}` : '';
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) button.disabled = !match;
}

input.addEventListener('input', update);
for (const events of document.querySelectorAll('input[data-events]')) events.addEventListener('input', update);
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy]') : null;
  const output = button && document.querySelector<HTMLInputElement>(`input[data-provider="${button.dataset.copy}"]`);
  if (!button || !output?.value) return;
  output.select();
  navigator.clipboard?.writeText(output.value).then(() => {
    button.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 1500);
  });
});
update();
