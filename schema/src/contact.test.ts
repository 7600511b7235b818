import { describe, expect, it } from 'vitest';
import { validateContactForm } from './contact.js';

const ok = { name: 'Amani', email: 'amani@example.com', message: 'Hello' };

describe('validateContactForm', () => {
  it('accepts a filled form', () => {
    expect(validateContactForm(ok)).toEqual([]);
  });
  it('reports every missing field', () => {
    expect(validateContactForm({ name: '', email: '', message: '' }).map((e) => e.message)).toEqual([
      'Name is required',
      'Email is required',
      'Message is required',
    ]);
  });
  it('refuses line breaks in the name and header-breaking characters in the email', () => {
    expect(validateContactForm({ ...ok, name: 'A\nB' })).toEqual([
      { field: 'name', message: 'Name must not contain control characters' },
    ]);
    expect(validateContactForm({ ...ok, email: 'a<b@example.com' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });
  it('limits the lengths', () => {
    expect(validateContactForm({ ...ok, message: 'x'.repeat(5001) })).toEqual([
      { field: 'message', message: 'Message must be at most 5000 characters' },
    ]);
  });
});
