import { SITE_HEADER_STYLE } from '../../shared/html/siteHeader';
/**
 * The dashboard page's style, pinned by its hash in the page's CSP. Tables fit their cards: below
 * 40rem a row becomes "Column: value" lines, labelled from the cells' data-label (docs/design.md).
 */
export const DASHBOARD_STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;
  color:#1f2328;background:#fff}
h1{font-size:1.6rem;margin-bottom:.25rem}h2{font-size:1.15rem;margin:0 0 .5rem}
section{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}
.button,button{display:inline-block;padding:.5rem .9rem;border-radius:6px;border:1px solid #8c959f;background:#f6f8fa;
  color:inherit;font:inherit;cursor:pointer;text-decoration:none}
.primary{background:#5865f2;border-color:#4752c4;color:#fff}
button:disabled{cursor:default;opacity:.5}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}label.inline{display:inline;margin:0}
h3{font-size:1rem;margin:1rem 0 .25rem}
pre{overflow-x:auto;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.75rem;
  font:13px/1.4 ui-monospace,monospace}
#save-bot input:not([type=checkbox]),#save-webhook input:not([type=checkbox]),select{width:100%}
select{box-sizing:border-box;padding:.5rem;border:1px solid #8c959f;border-radius:6px;font:inherit;background:inherit;
  color:inherit}
.webhook{border-top:1px solid #d0d7de;margin-top:1rem}.relay-url code{overflow-wrap:anywhere;min-width:0}
input{box-sizing:border-box;padding:.5rem;border:1px solid #8c959f;border-radius:6px;font:14px ui-monospace,monospace;
  max-width:100%}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}.row input{flex:1;min-width:12rem}
.row input[type=checkbox]{flex:none;min-width:0}
.note{color:#59636e;font-size:.9rem}.problem{color:#cf222e;min-height:1.5em;margin:.5rem 0}
.account{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #d0d7de}th{white-space:nowrap}
td:first-child{overflow-wrap:anywhere;min-width:6rem}td code{font:13px ui-monospace,monospace;white-space:nowrap}
td:last-child{white-space:nowrap;width:1%}td .row{flex-wrap:nowrap}
@media (max-width:40rem){
  .table table,.table tbody,.table tr,.table td{display:block}
  .table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);
    white-space:nowrap}
  .table tr{border-bottom:1px solid #d0d7de;padding:.4rem 0}
  .table td{border:0;padding:.1rem 0;width:auto;min-width:0;white-space:normal;overflow-wrap:anywhere}
  .table td code{white-space:normal}.table td:empty{display:none}td .row{flex-wrap:wrap}
  .table td[data-label]::before{content:attr(data-label) ": ";content:attr(data-label) ": " / "";font-weight:600}}
figure{margin:1rem 0}figure img{width:100%;height:auto;border:1px solid #d0d7de;border-radius:6px;background:#fff}
figcaption{font-size:.9rem;color:#59636e}
.usage-summary{margin:.25rem 0 .5rem}.usage-range{display:flex;justify-content:space-between;gap:1rem;margin:.25rem 0}
figure th{white-space:normal}summary{cursor:pointer}
@media (prefers-color-scheme:dark){
  body{color:#e6edf3;background:#0d1117}section,th,td,pre,.table tr{border-color:#30363d}pre{background:#161b22}
  input,button,.button{background:#161b22;color:#e6edf3;border-color:#484f58}.primary{background:#5865f2;color:#fff}
  .note,figcaption{color:#9198a1}.problem{color:#ff7b72}}
${SITE_HEADER_STYLE}`;
