import { DISCORD_WEBHOOK_SCRIPT } from '../../shared/routes/webhookUrl';

/**
 * The relay page's only script, run in the browser: turns a pasted Discord webhook URL into the
 * relay URL of each provider. Plain JavaScript in a string, embedded as it is (its hash pins it in
 * the page's CSP): compiled function source would carry the compiler's helpers (tsx adds __name).
 */
export const RELAY_PAGE_SCRIPT = `(() => {${DISCORD_WEBHOOK_SCRIPT}
  const input = document.getElementById('discord-url');
  const problem = document.getElementById('problem');
  const base = window.location.href.split(/[?#]/)[0].replace(/\\/+$/, '');

  const update = () => {
    const match = discordWebhook(input.value);
    problem.textContent = input.value.trim() && !match ? 'That is not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>).' : '';
    for (const output of document.querySelectorAll('input[data-provider]')) {
      const events = document.querySelector('input[data-events="' + output.dataset.provider + '"]');
      const only = events && events.value.replace(/\\s+/g, '');
      output.value = match ? base + '/' + output.dataset.relay.replace('{id}', match.id).replace('{token}', match.token) + (only ? '?events=' + encodeURIComponent(only) : '') : '';
    }
    for (const button of document.querySelectorAll('button[data-copy]')) button.disabled = !match;
  };

  input.addEventListener('input', update);
  for (const events of document.querySelectorAll('input[data-events]')) events.addEventListener('input', update);
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button[data-copy]');
    const output = button && document.querySelector('input[data-provider="' + button.dataset.copy + '"]');
    if (!button || !output || !output.value) return;
    output.select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText(output.value).then(() => {
        button.textContent = 'Copied';
        setTimeout(() => (button.textContent = 'Copy'), 1500);
      });
    }
  });
  update();
})();`;
