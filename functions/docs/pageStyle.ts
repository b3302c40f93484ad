import { SITE_HEADER_STYLE } from '../../shared/html/siteHeader';

/**
 * The docs page's style, shipped as written (its hash is pinned in the CSP). Below 40rem (phones)
 * each parameter row is a block of "Column: value" lines, the labels from the cells' data-label
 * (hidden from assistive technology, which reads the header cells), so no column is squeezed
 * narrower than its words; text and links keep 4.5:1 contrast in both colour schemes.
 */
export const DOCS_PAGE_STYLE = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;max-width:72rem;margin:0 auto;padding:1rem 1.5rem 4rem;
  color:#1f2328;background:#fff}
h1{font-size:1.8rem;margin:.5rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:1px solid #d0d7de}
h3{font-size:1rem;margin:1.5rem 0 .25rem}
code,pre{font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;padding:.75rem;border-radius:6px;overflow:auto}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid #d0d7de;border-radius:8px;padding:.75rem;display:flex;flex-direction:column;gap:.5rem}
.card img{width:100%;height:12rem;object-fit:contain;
  background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;border-radius:4px}
.card code{word-break:break-all;font-size:12px;color:#59636e}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:top;overflow-wrap:break-word}
th{white-space:nowrap}
@media (max-width:40rem){.params table,.params tbody,.params tr,.params td{display:block}
  .params thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);
    white-space:nowrap}
  .params tr{border-bottom:1px solid #d0d7de;padding:.4rem 0}.params td{border:0;padding:.1rem 0}
  .params td:empty{display:none}
  .params td[data-label]::before{content:attr(data-label) ": ";content:attr(data-label) ": " / "";font-weight:600}}
.get-key{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;font-size:1rem}
.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;text-decoration:none;font-weight:600}
.button.primary{background:#5865f2;color:#fff;border:1px solid #4752c4}
.steps li{margin:.5rem 0}.steps pre{margin:.5rem 0}
.scroll{overflow-x:auto}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;color:#fff;background:#0969da;
  font-size:.8rem;padding:.1rem .3rem}
.method.post{background:#1a7f37}.method.put{background:#9a6700}.method.delete{background:#cf222e}
.badge{margin-left:.5rem;font-size:.75rem;border:1px solid #8c959f;border-radius:1rem;padding:0 .5rem}
.badge.open{border-style:dashed}
form{border:1px solid #d0d7de;border-radius:8px;padding:1rem;display:grid;grid-template-columns:minmax(0,1fr);gap:.5rem}
label{display:grid;gap:.2rem;font-weight:600}
input,select,button{font:14px ui-monospace,monospace;padding:.4rem;border:1px solid #8c959f;border-radius:6px;
  min-width:0;max-width:100%}
#try-params{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(14rem,100%),1fr));gap:.5rem}
button{cursor:pointer;background:#f6f8fa}#try-image{max-width:100%;border:1px solid #d0d7de}
@media (prefers-color-scheme:dark){
  body{color:#e6edf3;background:#0d1117}pre{background:#161b22}input,select,button{background:#161b22;color:#e6edf3}
  h2,th,td,.card,form,#try-image,.params tr{border-color:#30363d}.card code{color:#9198a1}.button.primary{color:#fff}}
${SITE_HEADER_STYLE}`;
