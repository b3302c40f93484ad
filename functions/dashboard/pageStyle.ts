export const DASHBOARD_STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
.button{display:inline-block;padding:.5rem .9rem;border-radius:6px;background:#5865f2;color:#fff;text-decoration:none}
.note{color:#59636e;font-size:.9rem}`;
