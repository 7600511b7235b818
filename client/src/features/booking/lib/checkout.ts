/**
 * Leaving the site for Stripe's hosted Checkout page. One object, so tests can watch the redirect
 * without a browser that navigates.
 */
export const checkoutRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};
