import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const listFile = fileURLToPath(new URL('../../assets/common-passwords.txt', import.meta.url));
let list: Set<string> | undefined;

export const COMMON_PASSWORD = 'This password is too common, please choose another';

/** Whether a password is among the 10,000 most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(readFileSync(listFile, 'utf8').split('\n').filter(Boolean));
  return list.has(password.toLowerCase());
}
