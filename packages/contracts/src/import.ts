// Contracts for a feature in progress; filled in by its change.
export {};
