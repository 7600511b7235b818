import type { Call, MockResult } from './auth';

/** One traveller as the API answers, nothing but the name told yet; override any field. */
export function travellerAnswer(over: Record<string, unknown> = {}) {
  return {
    __typename: 'Traveller',
    position: 1,
    fullName: 'Amani Mushi Kileo',
    dateOfBirth: null,
    nationality: null,
    residency: null,
    passportNumber: null,
    dietaryNeeds: null,
    notes: null,
    erased: false,
    ...over,
  };
}

/** A booking whose list of travellers is still only its lead, as every new booking starts. */
export const LEAD_ONLY_TRAVELLERS = {
  __typename: 'BookingTravellers',
  dueDate: '2099-01-01',
  missing: ['Traveller 1: date of birth, nationality, residency'],
  travellers: [travellerAnswer()],
};

/** A network handler that also answers the travellers' list each booking card loads. */
export function withTravellers(
  handler: (call: Call) => MockResult | Promise<MockResult>,
): (call: Call) => MockResult | Promise<MockResult> {
  return (call) =>
    call.operationName === 'BookingTravellers' ? { data: { bookingTravellers: LEAD_ONLY_TRAVELLERS } } : handler(call);
}
