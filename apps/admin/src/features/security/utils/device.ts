/**
 * "Chrome on Android", "Safari on iPhone", "Firefox on Windows": enough to recognise one's own
 * sessions. A few ordered checks, not a full user-agent parser: the order matters because
 * browsers name each other (Edge says Chrome and Safari; Chrome says Safari).
 */
export function describeDevice(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown device';
  const browser =
    [
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/curl\//, 'curl'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/iPhone/, 'iPhone'],
      [/iPad/, 'iPad'],
      [/Android/, 'Android'],
      [/CrOS/, 'ChromeOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (browser !== null && system !== null) return `${browser as string} on ${system as string}`;
  if (browser !== null) return browser as string;
  if (system !== null) return `A browser on ${system as string}`;
  return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
}
