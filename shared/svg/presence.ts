/** Discord's presence colours, drawn as the dot on an avatar. */
export const presenceColors = {
  online: '#23a55a',
  idle: '#f0b232',
  dnd: '#f23f43',
  offline: '#80848e',
  streaming: '#593695',
} as const;

export type Presence = keyof typeof presenceColors;
export const presenceNames = Object.keys(presenceColors) as [Presence, ...Presence[]];
