export async function seedDemoContent(..._args: unknown[]): Promise<void> {}
