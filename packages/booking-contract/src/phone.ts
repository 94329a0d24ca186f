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
