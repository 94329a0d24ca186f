// Display texts for distances and durations, the same in the widget, the server's answers and
// emails (money: money.ts).

/** Metres as kilometres with one decimal: 42300 → "42.3 km". */
export function formatDistance(meters: number): string {
  return `${(Math.max(0, meters) / 1000).toFixed(1)} km`;
}

/** Seconds as hours and minutes, rounded to the minute: 3900 → "1 hr 5 mins", 60 → "1 min". */
export function formatDuration(seconds: number): string {
  const totalMinutes = Math.max(0, Math.round(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const minutesText = `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;
  if (hours === 0) return minutesText;
  const hoursText = `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
  return minutes === 0 ? hoursText : `${hoursText} ${minutesText}`;
}
