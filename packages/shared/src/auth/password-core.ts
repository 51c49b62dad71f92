/**
 * The part of a password an attacker's list would hold: lower case, the digits and symbols around it removed,
 * common letter swaps undone ('P@ssw0rd2024!' → 'password'). Both the shipped list and the checked password go
 * through it, so one list entry stands for all its decorated variants.
 */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

export function passwordCore(password: string): string {
  const lower = password.normalize('NFKC').toLowerCase();
  const start = lower.search(/\p{L}/u);
  if (start === -1) return '';
  let end = lower.length;
  while (end > start && !/\p{L}/u.test(lower[end - 1] ?? '')) end -= 1;
  return Array.from(lower.slice(start, end))
    .map((char) => LEET[char] ?? char)
    .join('');
}
