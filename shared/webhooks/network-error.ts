// One line for a failed connection or lookup, with the system's code (ECONNREFUSED, ENOTFOUND…).

export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici reports a socket closed under it with the socket's own error as the cause.
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const message = cause && !/^UND_ERR/.test((error as NodeJS.ErrnoException).code ?? '') ? error.message : (cause?.message ?? error.message);
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
}
