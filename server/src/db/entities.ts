import { Tour } from '../modules/tours/tour.entity.js';
import { User } from '../modules/users/user.entity.js';

/** Every entity of the application; each feature module adds its own here. */
export const ENTITIES = [Tour, User];
