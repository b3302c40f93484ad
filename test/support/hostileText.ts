/**
 * Text that would break out of an SVG/XML context if it were not escaped: closing tags, scripts,
 * event handler attributes (either quote), javascript: URLs, CDATA and comment markers, entities.
 * The one list every "stays text" test draws from (the request fuzzer mixes it in too); each is
 * at most 32 characters, so every text parameter takes it.
 */
export const HOSTILE_TEXT = [
  '</text><script>alert(1)</script>',
  '" onload="alert(1)',
  "' onclick='x",
  "' onerror='x",
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  '<![CDATA[x]]>',
  ']]>&amp;',
  '&lt;script&gt;',
  ']]>',
  '<!-- -->',
];

/**
 * Links both builders refuse in any URL attribute: script schemes however spelled or split, an
 * HTML document as data, and paths a browser reads as another host (// and the \ or control
 * character it turns into one).
 */
export const HOSTILE_URLS = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:x',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  '/\\evil.example/x',
  '/\t/evil.example',
  '/\n/evil.example',
];

/**
 * A title that would restyle or reorder a Discord embed if it were not escaped: markdown, a heading
 * on a line of its own, NUL and a right-to-left override.
 */
export const HOSTILE_TITLE = '**Pwn** __u__ ~~s~~ ||spoiler||\n# Heading\u0000\u202E';
