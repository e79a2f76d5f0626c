import { describe, expect, it } from 'vitest';
import { messages, passwordTokenSchema, signUpFieldsSchema } from '@copydesk/shared';
import { onFields, schemaErrors } from './form';

describe('form errors from the shared contracts', () => {
  it('gives the first message per field, in the order the contract checks them', () => {
    const errors = schemaErrors(passwordTokenSchema, { email: 'ada@example.com', token: 't', password: 'short', password_confirmation: 'other' });
    expect(Object.values(errors)[0]).toBe(messages.passwordTooShort);
  });

  it('puts a payload key’s problem on the field that shows it, keeping the first message', () => {
    const errors = schemaErrors(signUpFieldsSchema, { termsandcondition: false }, { countryCode: 'contact_number' });
    expect(errors).toMatchObject({ password: messages.requiredFields, contact_number: messages.requiredFields });
    expect(errors).not.toHaveProperty('countryCode');
    expect(onFields({ countryCode: 'First.', contact_number: 'Second.' }, { countryCode: 'contact_number' })).toEqual({ contact_number: 'First.' });
  });
});
