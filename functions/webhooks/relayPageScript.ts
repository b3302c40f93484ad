/// <reference lib="dom" />
/**
 * The relay page's only script, run in the browser: turns a pasted Discord webhook URL into the
 * relay URL of each provider. It is embedded from its source text (see relayPage.ts), so it must
 * stay self-contained: no imports, no outer variables.
 */
export function relayPageScript(): void {
  const input = document.getElementById('discord-url') as HTMLInputElement;
  const problem = document.getElementById('problem') as HTMLElement;
  const base = window.location.href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const DISCORD = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})\/?$/;

  const update = () => {
    const match = DISCORD.exec(input.value.trim());
    problem.textContent = input.value.trim() && !match ? 'That is not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>).' : '';
    for (const output of Array.from(document.querySelectorAll<HTMLInputElement>('input[data-provider]'))) {
      output.value = match ? `${base}/${match[1]}/${match[2]}/${output.dataset.provider}` : '';
    }
    for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-copy]'))) button.disabled = !match;
  };

  input.addEventListener('input', update);
  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-copy]');
    const output = button && document.querySelector<HTMLInputElement>(`input[data-provider="${button.dataset.copy}"]`);
    if (!button || !output?.value) return;
    output.select();
    void navigator.clipboard?.writeText(output.value).then(() => {
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
  });
  update();
}
