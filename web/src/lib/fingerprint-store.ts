import { STORAGE_KEYS, readString, writeString } from './storage';

let memory: string | null = null;

export function getFingerprint(): string | null {
  return readString(STORAGE_KEYS.fingerprint) ?? memory;
}

export function setFingerprint(value: string): void {
  memory = value;
  writeString(STORAGE_KEYS.fingerprint, value);
}
