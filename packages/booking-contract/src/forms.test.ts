import { describe, expect, it } from 'vitest';
import {
  createApplicationFormSchema,
  feedbackFormSchema,
  newPasswordFormSchema,
  passwordProblems,
  signInFormSchema,
  signUpFormSchema,
} from './forms';
import { parseFormValues as parseForm } from './form-test-support';

const validSignUp = {
  firstName: 'Ngaio',
  lastName: 'Marsh',
  email: 'ngaio@example.com',
  confirmEmail: 'Ngaio@Example.com',
  password: 'Harbour#2031',
};

describe('sign-up form', () => {
  it('gives the specification’s message for each empty field', () => {
    const result = parseForm(signUpFormSchema, {});
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'First Name is required.',
        lastName: 'Last Name is required.',
        email: 'Email is required.',
        confirmEmail: 'Confirm Email is required.',
        password: 'Password is required.',
      },
    });
  });

  it('treats blanks as empty and checks the email pattern', () => {
    const result = parseForm(signUpFormSchema, {
      ...validSignUp,
      firstName: '   ',
      email: 'ngaio@example',
      confirmEmail: 'someone@example.com',
    });
    expect(result.ok ? {} : result.errors).toEqual({
      firstName: 'First Name is required.',
      email: 'Please enter the valid email address.',
      confirmEmail: 'Emails do not match.',
    });
  });

  it('joins every failed password rule with " / ", the length rule first', () => {
    expect(passwordProblems('abc')).toEqual([
      'Password must be at least 6 characters long.',
      'Password must contain an uppercase letter.',
      'Password must contain a number.',
      'Password must contain a special character (@$!%*?&#).',
    ]);
    const result = parseForm(signUpFormSchema, { ...validSignUp, password: 'ABCDEFG1' });
    expect(result.ok ? {} : result.errors).toEqual({
      password:
        'Password must contain a lowercase letter. / Password must contain a special character (@$!%*?&#).',
    });
  });

  it('accepts a valid form and trims everything but the password', () => {
    const result = parseForm(signUpFormSchema, {
      ...validSignUp,
      firstName: ' Ngaio ',
      password: ' Harbour#2031 ',
    });
    expect(result).toEqual({
      ok: true,
      data: { ...validSignUp, firstName: 'Ngaio', password: ' Harbour#2031 ' },
    });
  });

  it('reads FormData, ignoring files and missing fields', () => {
    const form = new FormData();
    form.set('firstName', 'Ngaio');
    form.set('lastName', new Blob(['x']));
    const result = parseForm(signUpFormSchema, form);
    expect(result.ok ? {} : result.errors).toMatchObject({ lastName: 'Last Name is required.' });
  });
});

describe('sign-in and new-password forms', () => {
  it('sign-in: required email, valid email, required password', () => {
    expect(parseForm(signInFormSchema, {})).toEqual({
      ok: false,
      errors: { email: 'Email is required.', password: 'Password is required.' },
    });
    expect(parseForm(signInFormSchema, { email: 'x@y', password: 'p' })).toEqual({
      ok: false,
      errors: { email: 'Please enter the valid email address.' },
    });
  });

  it('new password: the sign-up rules, typed twice', () => {
    expect(
      parseForm(newPasswordFormSchema, {
        code: 'abc',
        password: 'Harbour#2031',
        confirmPassword: 'Harbour#2032',
      }),
    ).toEqual({ ok: false, errors: { confirmPassword: 'Passwords do not match.' } });
    const weak = parseForm(newPasswordFormSchema, { code: 'abc', password: 'harbour' });
    expect(weak.ok ? {} : weak.errors).toEqual({
      password:
        'Password must contain an uppercase letter. / Password must contain a number. / Password must contain a special character (@$!%*?&#).',
      confirmPassword: 'Confirm Password is required.',
    });
  });
});

describe('feedback form', () => {
  it('requires every field with the specification’s messages', () => {
    expect(parseForm(feedbackFormSchema, { email: 'not-an-email' })).toEqual({
      ok: false,
      errors: {
        firstName: 'Firstname is required.',
        lastName: 'Lastname is required.',
        email: 'Please enter the valid email address.',
        phone: 'Phone number is required.',
        subject: 'Subject is required.',
        message: 'Message is required.',
      },
    });
  });

  it('does not check the phone number’s format', () => {
    const result = parseForm(feedbackFormSchema, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: 'call me after 5',
      subject: 'S',
      message: 'M',
    });
    expect(result.ok).toBe(true);
  });
});

describe('application form', () => {
  const now = new Date('2031-06-15T02:00:00Z');
  const schema = createApplicationFormSchema({ cities: ['Brisbane', 'Gold Coast'], now });
  const valid = {
    applicantType: 'contractor',
    city: 'Gold Coast',
    experienceYears: '7',
    experience: '',
    firstName: 'Arthur',
    lastName: 'Upfield',
    dateOfBirth: '1980-04-02',
    licenceNumber: '123 456 789',
    licenceClass: 'C (car)',
    licenceState: 'Queensland',
    licenceExpiry: '2033-01-01',
    authorityNumber: '',
    authorityExpiry: '',
    street: '1 Queen Street',
    suburb: 'Brisbane City',
    state: 'Queensland',
    postcode: '4000',
    email: 'arthur@example.com',
    mobile: '0400 111 222',
  };

  it('accepts a complete application without a driver authority', () => {
    expect(parseForm(schema, valid).ok).toBe(true);
  });

  it('explains each problem', () => {
    const result = parseForm(schema, {
      ...valid,
      applicantType: 'manager',
      city: 'Cairns',
      experienceYears: '-1',
      dateOfBirth: '2014-01-01',
      licenceExpiry: '2031-06-14',
      authorityExpiry: '2032-01-01',
      postcode: '400',
      mobile: '12345',
    });
    expect(result.ok ? {} : result.errors).toEqual({
      applicantType: 'Please choose whether you are applying as a chauffeur or a contractor.',
      city: 'Please select your city.',
      experienceYears:
        'Please enter your years of driving experience as a whole number from 0 to 70.',
      dateOfBirth: 'Applicants must be at least 18 years old.',
      licenceExpiry: 'This licence has expired. Please enter the details of a current licence.',
      authorityNumber: 'Please enter the number of the driver authority that expires on this date.',
      postcode: 'Please enter a 4-digit postcode.',
      mobile: 'Please enter a mobile number of 8 to 15 digits.',
    });
  });

  it('takes an 18th birthday in Brisbane as old enough', () => {
    expect(parseForm(schema, { ...valid, dateOfBirth: '2013-06-15' }).ok).toBe(true);
    expect(parseForm(schema, { ...valid, dateOfBirth: '2013-06-16' }).ok).toBe(false);
  });
});

describe('application form: typed fields', () => {
  const now = new Date('2031-06-15T02:00:00Z');
  const schema = createApplicationFormSchema({ cities: ['Brisbane'], now });
  const valid = {
    applicantType: 'chauffeur',
    city: 'Brisbane',
    experienceYears: '12',
    firstName: 'Arthur',
    lastName: 'Upfield',
    dateOfBirth: '1980-04-02',
    licenceNumber: 'AB-123',
    licenceClass: 'C (car)',
    licenceState: 'Queensland',
    licenceExpiry: '2033-01-01',
    authorityNumber: 'DA 99',
    authorityExpiry: '2032-02-29',
    street: '1 Queen Street',
    suburb: 'Brisbane City',
    state: 'Queensland',
    postcode: '4000',
    email: 'arthur@example.com',
    mobile: '+61 (400) 111-222',
  };

  it('comes out typed: a number of years, the mobile as digits, no empty details', () => {
    const result = parseForm(schema, valid);
    expect(result.ok && result.data).toMatchObject({
      experienceYears: 12,
      mobile: '61400111222',
      authorityNumber: 'DA 99',
    });
    expect(result.ok && result.data.experience).toBeUndefined();
  });

  it.each([
    ['experienceYears', '', 'Years of driving experience is required.'],
    [
      'experienceYears',
      '1.5',
      'Please enter your years of driving experience as a whole number from 0 to 70.',
    ],
    [
      'experienceYears',
      'many',
      'Please enter your years of driving experience as a whole number from 0 to 70.',
    ],
    ['licenceExpiry', '2033-02-30', 'Please enter a valid date.'],
    ['licenceClass', 'Z', 'Please select your licence class.'],
    ['authorityExpiry', '', 'Please enter the expiry date of your driver authority.'],
  ])('%s "%s": %s', (field, value, message) => {
    const result = parseForm(schema, { ...valid, [field]: value });
    expect(result.ok ? {} : result.errors).toEqual({ [field]: message });
  });
});
