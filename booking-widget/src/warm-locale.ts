// A worker that loads the browser's date and number formatting data (ICU) off the main thread.
// The first date field or Intl formatter on a page otherwise loads it there, in one long task.
new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date());
new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Brisbane', dateStyle: 'full' }).format(
  new Date(),
);
new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(1);
postMessage('warm');
close();
