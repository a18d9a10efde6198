// Calls to addr serve with the key of this tab (sessionStorage: never in a URL, never logged).
const KEY = 'addr.key';

/** The key, or null. */
export const getKey = (): string | null => sessionStorage.getItem(KEY);
export const setKey = (key: string): void => sessionStorage.setItem(KEY, key);
export const forgetKey = (): void => sessionStorage.removeItem(KEY);

/** An error answer of the API. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** Sends a request with the key; throws ApiError for an error answer. */
export async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = getKey();
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  const res = await fetch(path, { ...init, headers });
  if (!res.ok) {
    let code = 'error';
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: string; message?: string };
      code = body.error ?? code;
      message = body.message ?? message;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(res.status, code, message);
  }
  return res;
}

/** GETs or POSTs JSON. */
export async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await (await call(path, init)).json()) as T;
}
