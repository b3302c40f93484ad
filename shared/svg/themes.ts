/** Card palettes as data: every card reads its colours from here, never from literals. */
export interface Theme {
  background: string;
  panel: string;
  text: string;
  mutedText: string;
  track: string;
  accent: string;
}

export const themes = {
  dark: {
    background: '#23272a',
    panel: '#2c2f33',
    text: '#ffffff',
    mutedText: '#b9bbbe',
    track: '#484b51',
    accent: '#5865f2',
  },
  light: {
    background: '#f2f3f5',
    panel: '#ffffff',
    text: '#060607',
    mutedText: '#4e5058',
    track: '#d4d7dc',
    accent: '#5865f2',
  },
  midnight: {
    background: '#0b1021',
    panel: '#141b34',
    text: '#e6e9ff',
    mutedText: '#8f98c7',
    track: '#262f57',
    accent: '#7aa2f7',
  },
  sunset: {
    background: '#2d1b2e',
    panel: '#3f2440',
    text: '#fff1e6',
    mutedText: '#f3b8a5',
    track: '#5c3658',
    accent: '#ff7e5f',
  },
  forest: {
    background: '#13231b',
    panel: '#1b3326',
    text: '#e8f5e9',
    mutedText: '#a5c9ae',
    track: '#2d4a3a',
    accent: '#4caf50',
  },
  ocean: {
    background: '#062b3a',
    panel: '#0a3d52',
    text: '#e0f7fa',
    mutedText: '#8cc7d6',
    track: '#135870',
    accent: '#00bcd4',
  },
} as const satisfies Record<string, Theme>;

export type ThemeName = keyof typeof themes;
export const themeNames = Object.keys(themes) as [ThemeName, ...ThemeName[]];
