import type { BookingAction } from '@tembea/schema';

/** How each admin action shows: its button, the question it asks and the text of its failure. */
export const ACTION_TEXTS: Record<
  BookingAction,
  { button: string; title: string; confirm: string; yes: string; busy: string; failed: string }
> = {
  confirm: {
    button: 'Confirm',
    title: 'Confirm Booking',
    confirm: 'Are you sure you want to confirm this booking?',
    yes: 'Yes, confirm',
    busy: 'Confirming...',
    failed: 'Failed to confirm booking.',
  },
  complete: {
    button: 'Mark Complete',
    title: 'Mark Complete',
    confirm: 'Are you sure you want to mark this booking as completed?',
    yes: 'Yes, mark complete',
    busy: 'Saving...',
    failed: 'Failed to complete booking.',
  },
  cancel: {
    button: 'Cancel',
    title: 'Cancel Booking',
    confirm: 'Are you sure you want to cancel this booking?',
    yes: 'Yes, cancel booking',
    busy: 'Cancelling...',
    failed: 'Failed to cancel booking.',
  },
};

/**
 * The second question of the Confirm Booking dialog when the booking's deposit is unpaid: asked in
 * the same dialog, under the usual question, so confirming stays one step.
 */
export const UNPAID_CONFIRM = "This booking's deposit has not been paid. Confirm it anyway?";

export const FETCH_FAILED = 'Failed to fetch bookings.';
export const UNKNOWN_CUSTOMER = 'Unknown';

/** A message that points at a server mapping the booking's account under the wrong alias. */
export function isAssociationIssue(message: string): boolean {
  return message.includes('Backend association issue');
}

type Contact = { name?: string | null; email?: string | null; phone?: string | null };

/**
 * The customer of a booking: each of name, email and phone from the account that booked, else
 * from the booking itself, else 'Unknown'.
 */
export function customerOf(b: Contact & { user?: Contact | null }): { name: string; email: string; phone: string } {
  const pick = (k: keyof Contact) => b.user?.[k]?.trim() || b[k]?.trim() || UNKNOWN_CUSTOMER;
  return { name: pick('name'), email: pick('email'), phone: pick('phone') };
}
