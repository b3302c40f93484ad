import { describe, expect, test } from '@jest/globals';
import { loadedFaces } from '../../shared/fonts/faces';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { h, svgDocument } from '../../shared/svg/builder';
import { textLine } from '../../shared/svg/textElements';
import { fitLine } from '../../shared/svg/textLayout';
import { shapeLine } from '../../shared/text/shaping';
import { rasterize, type Raster } from '../support/raster';
import { parseXml, textsOf } from '../support/svgXml';

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
  ['Tibetan', /^noto-serif-tibetan\//, ['བསྟན་འཛིན', 'ཚེ་རིང']],
  ['Javanese', /^noto-sans-javanese\//, ['ꦲꦢꦶ', 'ꦧꦸꦢꦶ']],
  ['Canadian syllabics', /^noto-sans-canadian-aboriginal\//, ['ᐃᓄᒃ', 'ᓄᓇᕗᑦ']],
  ['Cherokee', /^noto-sans-cherokee\//, ['ᏣᎳᎩ', 'ᎠᏂᏴᏫ']],
  ['Tifinagh', /^noto-sans-tifinagh\//, ['ⴰⵣⵓⵍ', 'ⵜⴰⵎⴰⵣⵉⵖⵜ']],
  ["N'Ko", /^noto-sans-nko\//, ['ߒߞߏ', 'ߡߊ߲ߘߋ߲']],
  ['Ol Chiki', /^noto-sans-ol-chiki\//, ['ᱥᱟᱱᱛᱟᱲᱤ', 'ᱚᱞᱪᱤᱠᱤ']],
  ['Adlam', /^noto-sans-adlam\//, ['𞤀𞤣𞤤𞤢𞤥', '𞤊𞤵𞤤𞤢']],
  ['Tai Viet', /^noto-sans-tai-viet\//, ['ꪖꪶꪮ', 'ꪜꪱꪙ']],
  ['New Tai Lue', /^noto-sans-new-tai-lue\//, ['ᦑᦲᦟᦹ', 'ᦔᦱᦺ']],
  ['Mongolian', /^noto-sans-mongolian\/mongolian\//, ['ᠲᠡᠮᠦᠵᠢᠨ', 'ᠮᠣᠩᠭᠣᠯᠴᠤ']],
  ['Greek', /^inter\//, ['Ελένη', 'Νίκος']],
  ['Cyrillic', /^inter\//, ['Мария', 'Ирина']],
  ['Vietnamese', /^inter\//, ['Nguyễn', 'Trường']],
];

function draw(text: string): Raster {
  const line = fitLine(text, { maxWidth: 380, maxSize: 48, minSize: 48, weight: 'bold' });
  return rasterize(
    svgDocument(
      { width: 400, height: 90 },
      h('rect', { width: 400, height: 90, fill: '#fff' }),
      textLine(line, 10, 60, { fill: '#000' }),
    ),
  );
}

const inked = (raster: Raster) =>
  Array.from({ length: raster.pixels.length / 4 }, (_, i) => (raster.pixels[i * 4] as number) < 128).filter(Boolean)
    .length;

describe('fonts load with the text that needs them', () => {
  // First in this file (each test file has its own modules): nothing before it has drawn.
  test('a rank card in Latin letters loads Inter only: no Noto file, no emoji', () => {
    renderRankCard({
      username: 'Ada Lovelace',
      level: 3,
      xp: 10,
      requiredXp: 100,
      rank: 1,
      status: 'online',
      theme: 'dark',
    });
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
  test("draw as real glyphs of the script's font, and two names draw differently", () => {
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
    const differing = Array.from(
      { length: a.pixels.length / 4 },
      (_, i) => Math.abs((a.pixels[i * 4] as number) - (b.pixels[i * 4] as number)) > 100,
    ).filter(Boolean).length;
    expect(differing).toBeGreaterThan(100);
  });
});

describe('joining scripts are shaped a word at a time', () => {
  // Each word is one run of one font file, so its letters take their joined forms; Mongolian's
  // letters also sit in a frequency slice of the family ("[92]"), which once split words in three.
  test.each([
    ['Mongolian', 'ᠮᠣᠩᠭᠣᠯ'],
    ['Arabic', 'محمد'],
  ])('%s: one run, none of its letters in the isolated form its character maps to', (_script, word) => {
    const runs = shapeLine(word, 'regular').runs;
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    if (run.kind !== 'glyphs') throw new Error('not glyphs');
    const isolated = run.face.font.glyphsForString(word).map((glyph) => glyph.id);
    expect(run.glyphs.map((glyph) => glyph.id).filter((id) => isolated.includes(id))).toEqual([]);
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

describe('names no font draws whole get a stand-in, never a box', () => {
  const ids = (text: string) =>
    shapeLine(text, 'bold').runs.flatMap((run) =>
      run.kind === 'glyphs' ? run.glyphs.map((glyph) => `${run.face.key}:${glyph.id}`) : [],
    );

  test.each([
    ['𝓐𝓭𝓪 𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮', 'Ada Lovelace'],
    ['𝕯𝖆𝖗𝖐', 'Dark'],
    ['𝔸𝕕𝕒', 'Ada'],
    ['𝐁𝐨𝐥𝐝 𝘪𝘵𝘢𝘭𝘪𝘤', 'Bold italic'],
    ['𝙼𝚘𝚗𝚘 𝟷𝟸𝟹', 'Mono 123'],
  ])('the fancy letters of %s draw as the letters they stand for (%s), the title keeps them', (fancy, plain) => {
    expect(ids(fancy)).toEqual(ids(plain));
    expect(shapeLine(fancy, 'bold').em).toBe(shapeLine(plain, 'bold').em);
    const line = fitLine(fancy, { maxWidth: 380, maxSize: 48, minSize: 48, weight: 'bold' });
    expect(textsOf(parseXml(svgDocument({ width: 400, height: 90 }, textLine(line, 10, 60))))).toEqual([fancy]);
  });

  test('stacked marks no font has are left off: "Zalgo" letters still draw, marks a font has stay', () => {
    const zalgo = 'Z\u0337\u034E\u0313a\u0335l\u0338g\u0336o\u0334';
    const runs = shapeLine(zalgo, 'bold').runs;
    expect(runs.every((run) => run.kind === 'glyphs' && run.glyphs.every((glyph) => glyph.id !== 0))).toBe(true);
    // Every letter is drawn, and the solidus overlay on "l" (U+0338, which a Noto font has) with it.
    expect(inked(draw(zalgo))).toBeGreaterThan(inked(draw('Zalgo')));
  });

  test.each(['꧁Ada꧂', '༼ つ ◕_◕ ༽つ', 'ᗩᗪᗩ', 'ꪖᦔꪖ', '(ง •̀_•́)ง', 'ʕ•ᴥ•ʔ', '★彡 Ada 彡★'])(
    '%s draws with no missing glyph',
    (name) => {
      for (const run of shapeLine(name, 'bold').runs)
        if (run.kind === 'glyphs') expect(run.glyphs.every((glyph) => glyph.id !== 0)).toBe(true);
    },
  );
});
