/** A picture for examples: Discord's default avatar (the gallery draws its own sample instead). */
export const EXAMPLE_PICTURE = 'https://cdn.discordapp.com/embed/avatars/0.png';
