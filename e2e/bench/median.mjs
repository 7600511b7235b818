/** The middle value of some measurements (the upper middle one of an even count); they stay unsorted. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
