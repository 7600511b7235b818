export * from './errors.js';
export * from './rating.js';
export * from './tour.js';
export * from './image.js';
export * from './pricing.js';
export * from './tokens.js';
export * from './validation.js';
export * from './booking.js';
