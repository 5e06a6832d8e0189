let allowed = false;

/** Marks the current test as one that expects console.error (for example a logged API failure). */
export function allowConsoleError(): void {
  allowed = true;
}

export function isConsoleErrorAllowed(): boolean {
  return allowed;
}

export function resetConsoleErrorAllowance(): void {
  allowed = false;
}
