/** How long screens wait before they move on (messages, redirects, the slideshow). */
export const LOGIN_WELCOME_MS = 1500;
export const SIGNUP_REDIRECT_MS = 2000;
export const RESET_REDIRECT_MS = 3000;
