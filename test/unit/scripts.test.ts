import { describe, expect, test } from '@jest/globals';
import { loadedFaces } from '../../shared/fonts/faces';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { h, svgDocument } from '../../shared/svg/builder';
import { textLine } from '../../shared/svg/textElements';
import { fitLine } from '../../shared/svg/textLayout';
import { shapeLine } from '../../shared/text/shaping';
import { rasterize, type Raster } from '../support/raster';

/**
 * Names in every script Discord users write in draw as real glyphs: each pair is two different
 * names of the same length in one script, which must draw differently (a missing-glyph box draws
 * every character alike) with no glyph missing, from the Noto family of that script.
 */
const SCRIPTS: [script: string, family: RegExp, names: [string, string]][] = [
  ['Japanese', /^noto-sans-jp\//, ['やまだ太郎', 'さとう花子']],
  ['Chinese', /^noto-sans-sc\//, ['王小明', '李小龙']],
  ['Korean', /^noto-sans-kr\//, ['김민준', '이서연']],
  ['Arabic', /^noto-sans-arabic\//, ['محمد', 'أحمد']],
  ['Hebrew', /^noto-sans-hebrew\//, ['דוד', 'שרה']],
  ['Devanagari', /^noto-sans(-devanagari)?\/devanagari\//, ['राहुल', 'सुनील']],
  ['Thai', /^noto-sans-thai\//, ['สมชาย', 'วิชัย']],
  ['Bengali', /^noto-sans-bengali\//, ['রহিম', 'করিম']],
  ['Tamil', /^noto-sans-tamil\//, ['முருகன்', 'கண்ணன்']],
  ['Georgian', /^noto-sans-georgian\//, ['გიორგი', 'ნინო']],
  ['Armenian', /^noto-sans-armenian\//, ['Արամ', 'Աննա']],
  ['Ethiopic', /^noto-sans-ethiopic\//, ['አበበ', 'ካሳሁን']],
  ['Khmer', /^noto-sans-khmer\//, ['សុខា', 'ដារ៉ា']],
  ['Greek', /^inter\//, ['Ελένη', 'Νίκος']],
  ['Cyrillic', /^inter\//, ['Мария', 'Ирина']],
  ['Vietnamese', /^inter\//, ['Nguyễn', 'Trường']],
];

function draw(text: string): Raster {
  const line = fitLine(text, { maxWidth: 380, maxSize: 48, minSize: 48, weight: 'bold' });
  return rasterize(svgDocument({ width: 400, height: 90 }, h('rect', { width: 400, height: 90, fill: '#fff' }), textLine(line, 10, 60, { fill: '#000' })));
}

const inked = (raster: Raster) => Array.from({ length: raster.pixels.length / 4 }, (_, i) => (raster.pixels[i * 4] as number) < 128).filter(Boolean).length;

describe('fonts load with the text that needs them', () => {
  // First in this file (each test file has its own modules): nothing before it has drawn.
  test('a rank card in Latin letters loads Inter only: no Noto file, no emoji', () => {
    renderRankCard({ username: 'Ada Lovelace', level: 3, xp: 10, requiredXp: 100, rank: 1, status: 'online', theme: 'dark' });
    expect(loadedFaces().sort()).toEqual(['inter/bold', 'inter/regular']);
  });

  test('a Japanese name loads only the subset files holding its characters, in one weight', () => {
    shapeLine('山田', 'bold');
    const cjk = loadedFaces().filter((key) => key.startsWith('noto-sans-'));
    expect(cjk.length).toBeGreaterThan(0);
    expect(cjk.length).toBeLessThanOrEqual(2);
    expect(cjk.every((key) => key.endsWith('/bold'))).toBe(true);
  });
});

describe.each(SCRIPTS)('%s names', (_script, family, names) => {
  test('draw as real glyphs of the script\'s font, and two names draw differently', () => {
    for (const name of names) {
      const runs = shapeLine(name, 'bold').runs;
      expect(runs.every((run) => run.kind === 'glyphs')).toBe(true);
      for (const run of runs) {
        if (run.kind !== 'glyphs') continue;
        expect(run.face.key).toMatch(family);
        // Glyph 0 is the font's missing-glyph box.
        expect(run.glyphs.every((glyph) => glyph.id !== 0)).toBe(true);
      }
    }
    const [a, b] = names.map(draw) as [Raster, Raster];
    expect(inked(a)).toBeGreaterThan(150);
    expect(inked(b)).toBeGreaterThan(150);
    const differing = Array.from({ length: a.pixels.length / 4 }, (_, i) => Math.abs((a.pixels[i * 4] as number) - (b.pixels[i * 4] as number)) > 100).filter(Boolean).length;
    expect(differing).toBeGreaterThan(100);
  });
});

describe('Han characters take the font of the language around them', () => {
  test.each([
    ['with kana, Japanese', '山田たろう', /^noto-sans-jp\//],
    ['with Hangul, Korean', '金민준', /^noto-sans-kr\//],
    ['alone, Simplified Chinese', '山田太郎', /^noto-sans-sc\//],
  ])('%s', (_name, text, family) => {
    const han = shapeLine(text, 'regular').runs.find((run) => run.kind === 'glyphs' && run.glyphs.length > 0);
    expect(han?.kind === 'glyphs' && han.face.key).toMatch(family);
  });
});
