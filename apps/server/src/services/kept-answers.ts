/** How many characters of answers one store keeps (about 2 bytes each: 32 MB), the least recently read going. */
const KEPT_ANSWER_CHARACTERS = 16 * 1024 * 1024;

/**
 * Answers an instance made last, by key, each with the stamp it was made at (decision 024, "The list answer, kept"):
 * a read sends the kept answer when the database's stamp for it has not moved. A Map keeps insertion order: a read
 * moves its entry to the end, so the first entries are the least recently read.
 */
export class KeptAnswers {
  private readonly answers = new Map<string, { stamp: string; text: string }>();
  private characters = 0;

  constructor(private readonly maxCharacters = KEPT_ANSWER_CHARACTERS) {}

  get(key: string): { stamp: string; text: string } | undefined {
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
    }
    return kept;
  }

  set(key: string, stamp: string, text: string): void {
    this.forget(key);
    if (text.length > this.maxCharacters) return;
    this.answers.set(key, { stamp, text });
    this.characters += text.length;
    for (const [oldest] of this.answers) {
      if (this.characters <= this.maxCharacters) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.characters -= kept.text.length;
  }
}
