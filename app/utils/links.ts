/** A tel: link for a phone number as staff type it ("1300 975 707" becomes tel:1300975707). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}
