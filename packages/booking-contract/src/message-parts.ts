// Messages that several parts of the catalogue share word for word: one definition each, so the
// booking wizard, the account forms and the site forms can never drift apart.

/** A text field longer than the store accepts. */
export const tooLong = (max: number) => `Please use at most ${max} characters.`;

/** An email field left empty, or not an email address. */
export const emailMessages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter the valid email address.',
} as const;

/**
 * What a site form answers when its submission cannot be saved (what was typed stays in the form)
 * or when one connection sends too many in a short time: `what` is the thing sent ("feedback"),
 * `several` its plural as the limit message counts it ("messages").
 */
export function formFailures(what: string, several: string) {
  return {
    saveFailed: (phone: string) =>
      `We could not send your ${what} just now. Everything you typed is still here: please try again in a moment, or call us on ${phone}.`,
    tooMany: (phone: string) =>
      `You have sent several ${several} in a short time. Please wait a few minutes and try again, or call us on ${phone}.`,
  };
}
