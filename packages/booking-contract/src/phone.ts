// Phone numbers for people to read: a country code and the digits the customer typed, shown in
// international form. An Australian number typed with its trunk 0 after +61 ("+61 0412345678")
// loses the 0, and Australian mobiles are grouped 3-3-3 ("+61 412 345 678").

/** The international digits after the country code: the trunk 0 after +61 dropped. */
export function nationalDigits(countryCode: string, mobileNumber: string): string {
  const digits = mobileNumber.replace(/\D/g, '');
  return countryCode.trim() === '+61' ? digits.replace(/^0+/, '') : digits;
}

/** The number in E.164 form: "+61412345678". */
export function toE164(countryCode: string, mobileNumber: string): string {
  return `${countryCode.trim()}${nationalDigits(countryCode, mobileNumber)}`;
}

/** The number as people read it: "+61 412 345 678"; other countries as "+64 211234567". */
export function formatPhone(countryCode: string, mobileNumber: string): string {
  const code = countryCode.trim();
  const digits = nationalDigits(code, mobileNumber);
  if (code === '+61' && /^4\d{8}$/.test(digits)) {
    return `${code} ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  }
  if (code === '+61' && /^[2378]\d{8}$/.test(digits)) {
    return `${code} ${digits[0]} ${digits.slice(1, 5)} ${digits.slice(5)}`;
  }
  return `${code} ${digits}`;
}

/**
 * A phone number typed in any usual way, in E.164: "0412 345 678", "+61 (0)412-345-678" and
 * "61412345678" are all "+61412345678". A number without a country code is read as Australian.
 * Null when the text is not a phone number of 8 to 15 digits ("call me after 5").
 */
export function typedPhoneToE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let e164: string;
  if (trimmed.startsWith('+')) {
    e164 = digits.startsWith('61') ? toE164('+61', digits.slice(2)) : `+${digits}`;
  } else if (digits.startsWith('61') && digits.length === 11) {
    e164 = `+${digits}`;
  } else {
    e164 = toE164('+61', digits);
  }
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/** A stored number as people read it: E.164 Australian numbers grouped, anything else as is. */
export function formatStoredPhone(value: string): string {
  const australian = /^\+61(\d+)$/.exec(value);
  return australian ? formatPhone('+61', australian[1]!) : value;
}
