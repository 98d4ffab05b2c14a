import { StorageKey, local } from '../storage';
import { toBase64 } from './rsa-oaep';

/**
 * "Remember me": the account and password are kept in local storage encrypted
 * with AES-GCM under a key that the browser generated and will not export; the
 * key lives in IndexedDB. (The spec's AES-ECB with a key in the bundle is
 * replaced, see docs/spec-deviations.md.) Needs a secure context.
 */
export interface Credentials {
  username: string;
  password: string;
}

const DB_NAME = 'cityops-vault';
const STORE = 'keys';
const KEY_ID = 'remember-me';

export function isVaultAvailable(): boolean {
  return Boolean(globalThis.crypto?.subtle) && typeof indexedDB !== 'undefined';
}

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
) {
  return new Promise<T>((resolve, reject) => {
    const request = action(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  });
}

async function vaultKey(create: boolean): Promise<CryptoKey | null> {
  const db = await openStore();
  try {
    const existing = await run<CryptoKey | undefined>(db, 'readonly', (store) => store.get(KEY_ID));
    if (existing || !create) return existing ?? null;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await run(db, 'readwrite', (store) => store.put(key, KEY_ID));
    return key;
  } finally {
    db.close();
  }
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function rememberCredentials(credentials: Credentials): Promise<void> {
  if (!isVaultAvailable()) return;
  const key = await vaultKey(true);
  if (!key) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(credentials));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  local.set(
    StorageKey.rememberedCredentials,
    JSON.stringify({ iv: toBase64(iv), data: toBase64(new Uint8Array(cipher)) }),
  );
}

export async function recallCredentials(): Promise<Credentials | null> {
  const stored = local.get(StorageKey.rememberedCredentials);
  if (!stored || !isVaultAvailable()) return null;
  try {
    const { iv, data } = JSON.parse(stored) as { iv: string; data: string };
    const key = await vaultKey(false);
    if (!key) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      key,
      fromBase64(data),
    );
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as Partial<Credentials>;
    if (typeof parsed.username !== 'string' || typeof parsed.password !== 'string') return null;
    return { username: parsed.username, password: parsed.password };
  } catch {
    // Tampered with, or the key is gone: forget it.
    forgetCredentials();
    return null;
  }
}

export function forgetCredentials(): void {
  local.remove(StorageKey.rememberedCredentials);
}
