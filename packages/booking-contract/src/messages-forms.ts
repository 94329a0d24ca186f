// The message catalogue's account and site-form texts: sign in, sign up and password reset with
// their pages' labels, and the feedback and application forms' validation and answers. Site only:
// part of the whole catalogue that site-messages.ts puts together.
import { emailMessages, formFailures, tooLong } from './message-parts';

export const formMessages = {
  /** Sign in, sign up and password reset, word for word (docs/decisions/009-accounts-and-site-forms.md). */
  accounts: {
    firstNameRequired: 'First Name is required.',
    lastNameRequired: 'Last Name is required.',
    ...emailMessages,
    confirmEmailRequired: 'Confirm Email is required.',
    emailsDoNotMatch: 'Emails do not match.',
    passwordRequired: 'Password is required.',
    /** Each failed rule has its own message, joined with " / " after the length rule. */
    passwordRules: {
      length: 'Password must be at least 6 characters long.',
      uppercase: 'Password must contain an uppercase letter.',
      lowercase: 'Password must contain a lowercase letter.',
      digit: 'Password must contain a number.',
      special: 'Password must contain a special character (@$!%*?&#).',
    },
    passwordRuleSeparator: ' / ',
    passwordTooLong: (max: number) => `Password must be at most ${max} characters long.`,
    confirmPasswordRequired: 'Confirm Password is required.',
    passwordsDoNotMatch: 'Passwords do not match.',
    tooLong,
    invalidCredentials: 'Invalid credentials, Please try to login again!',
    resetSent: 'Please check your email for the password reset link.',
    emailInUse: 'User is already registered with this email address.',
    emailInUseHelp:
      'Please choose another email address to register. If you have forgotten your password, please click on the Forgot password link to reset your password.',
    tooManySignIns: (minutes: number) =>
      `Too many unsuccessful sign-in attempts. Please wait ${minutes} minutes and try again, or reset your password.`,
    tooManyResets: (minutes: number) =>
      `Too many password reset requests. Please wait ${minutes} minutes and try again.`,
    tooManySignUps: (minutes: number) =>
      `Too many sign-up attempts from your connection. Please wait ${minutes} minutes and try again.`,
    signInUnavailable: 'We could not sign you in just now. Please try again in a moment.',
    signUpUnavailable: 'We could not create your account just now. Please try again in a moment.',
    resetUnavailable: 'We could not change your password just now. Please try again in a moment.',
    resetRequestUnavailable:
      'We could not send a password reset link just now. Please try again in a moment.',
    resetLinkInvalid:
      'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
    passwordChanged: 'Your password has been changed. Please sign in with your new password.',
    crossSiteRefused:
      'This form was sent from another site, so it was not accepted. Please reload the page and try again.',
  },
  /** Labels of the sign-in, sign-up and new-password pages (/signin, /signup). */
  accountPages: {
    signInTitle: 'Sign in',
    signInDescription: 'Sign in to your account to book faster with your details filled in.',
    resetTitle: 'Reset password',
    resetIntro:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    signUpTitle: 'Sign up',
    signUpDescription: 'Create an account to book faster with your details filled in.',
    newPasswordTitle: 'Choose a new password',
    newPasswordDescription: 'Choose a new password for your account.',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    confirmEmail: 'Confirm Email',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm Password',
    passwordHint:
      'At least 6 characters, with an uppercase letter, a lowercase letter, a number and one of @$!%*?&#.',
    show: 'Show',
    hide: 'Hide',
    showPassword: (label: string) => `Show ${label.toLowerCase()}`,
    hidePassword: (label: string) => `Hide ${label.toLowerCase()}`,
    forgotPassword: 'Forgot Password?',
    signUp: 'Sign up',
    noAccount: "Don't have an account?",
    signInButton: 'Sign in',
    signingIn: 'Signing in…',
    resetButton: 'Reset',
    sending: 'Sending…',
    backToSignIn: 'Back to sign in',
    signUpButton: 'Sign up',
    creatingAccount: 'Creating your account…',
    haveAccount: 'Already have an account?',
    saveNewPassword: 'Save new password',
    saving: 'Saving…',
    askForNewLink: 'Ask for a new link',
  },
  /** Shared by the site's forms. */
  forms: {
    /** The label of the field only robots fill in (never seen by people). */
    honeypot: 'Leave this field empty',
    /** A post that is no HTML form (415): sent by a script or another program, not this page. */
    unsupportedFormType:
      'This form was sent in a way our website cannot read, so nothing was saved. Please fill it in on this page and send it again.',
    /** A form body that cannot be read (400): cut off or damaged on its way. */
    unreadableForm:
      'This form arrived incomplete, so nothing was saved. Please check your details and send it again.',
  },
  /** Feedback & Complaints validation and answers (/contact). */
  feedback: {
    firstNameRequired: 'Firstname is required.',
    lastNameRequired: 'Lastname is required.',
    ...emailMessages,
    phoneRequired: 'Phone number is required.',
    subjectRequired: 'Subject is required.',
    messageRequired: 'Message is required.',
    tooLong,
    /** The client's wording, misspelling included. */
    success:
      'Your feedback has been submitted succesfully. Business Chauffeur team will contact you shortly!',
    ...formFailures('feedback', 'messages'),
  },
  /** Chauffeur and contractor applications (/chauffeur): validation and answers. */
  application: {
    typeRequired: 'Please choose whether you are applying as a chauffeur or a contractor.',
    cityRequired: 'Please select your city.',
    experienceYearsRequired: 'Years of driving experience is required.',
    experienceYearsInvalid:
      'Please enter your years of driving experience as a whole number from 0 to 70.',
    firstNameRequired: 'First name is required.',
    lastNameRequired: 'Last name is required.',
    dateOfBirthRequired: 'Date of birth is required.',
    dateInvalid: 'Please enter a valid date.',
    tooYoung: (age: number) => `Applicants must be at least ${age} years old.`,
    licenceNumberRequired: 'Licence number is required.',
    licenceNumberInvalid: 'Please enter the licence number with letters and digits only.',
    licenceClassRequired: 'Please select your licence class.',
    licenceStateRequired: 'Please select the state or territory that issued your licence.',
    licenceExpiryRequired: 'Licence expiry date is required.',
    licenceExpired: 'This licence has expired. Please enter the details of a current licence.',
    authorityNumberInvalid:
      'Please enter the driver authority number with letters and digits only.',
    authorityExpiryRequired: 'Please enter the expiry date of your driver authority.',
    authorityNumberRequired:
      'Please enter the number of the driver authority that expires on this date.',
    authorityExpired:
      'This driver authority has expired. Leave both fields empty if you do not hold a current one.',
    streetRequired: 'Street address is required.',
    suburbRequired: 'Suburb is required.',
    stateRequired: 'Please select your state or territory.',
    postcodeRequired: 'Postcode is required.',
    postcodeInvalid: 'Please enter a 4-digit postcode.',
    ...emailMessages,
    mobileRequired: 'Mobile number is required.',
    mobileInvalid: 'Please enter a mobile number of 8 to 15 digits.',
    tooLong,
    successTitle: 'Thank you for applying!',
    success: (type: 'chauffeur' | 'contractor') =>
      `We have received your ${type === 'contractor' ? 'contractor' : 'chauffeur'} application. Our team will review it and contact you within 7 days.`,
    ...formFailures('application', 'applications'),
  },
} as const;
