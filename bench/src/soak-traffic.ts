import { performance } from 'node:perf_hooks';

/** The p-th percentile (0–100) of ascending values, rounded; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}

/** One request of the soak: what it was, how it ended and when (ms since the traffic started). */
export interface Sample {
  action: string;
  status: number | 'timeout' | 'network';
  start: number;
  end: number;
}

/** Cookies of one virtual user, as a browser keeps them. */
export class Jar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface VirtualUser {
  id: string;
  email: string;
  password: string;
  jar: Jar;
  /** One tab per user: a stateful action waits for the previous one. */
  busy: boolean;
  /** recipe id → this user's review of it */
  reviews: Map<string, string>;
  saved: Set<string>;
  created: string[];
}

type Outcome = { status: number; body?: { data?: unknown } };

/** The API of one running server, as the soak drives it. */
export class SoakClient {
  readonly samples: Sample[] = [];
  readonly recipes: string[] = [];
  readonly words: string[] = [];
  readonly photoUrls: string[] = [];
  private readonly authors = new Map<string, string>();
  readonly t0 = performance.now();

  constructor(
    readonly base: string,
    private readonly photo: Uint8Array<ArrayBuffer>,
  ) {}

  /** One request; records a sample unless `record` is false (set-up calls). */
  async send(
    action: string,
    method: string,
    path: string,
    options: { user?: VirtualUser; json?: unknown; form?: FormData; record?: boolean } = {},
  ): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (options.user) headers.cookie = options.user.jar.header();
    let body: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const start = performance.now() - this.t0;
    let status: Sample['status'];
    let parsed: Outcome['body'];
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(15_000),
        ...(body === undefined ? {} : { body }),
      });
      options.user?.jar.store(response);
      status = response.status;
      const text = await response.text();
      if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    } catch (error) {
      status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    }
    if (options.record !== false) this.samples.push({ action, status, start, end: performance.now() - this.t0 });
    return { status: typeof status === 'number' ? status : 0, ...(parsed ? { body: parsed } : {}) };
  }

  /** Learns the published recipes (ids, authors, title words, photo URLs) from the list. */
  async discover(): Promise<void> {
    for (let page = 1; page <= 20; page++) {
      const list = await this.send('setup', 'GET', `/api/v1/recipes/all?page=${page}&limit=48`, { record: false });
      const data = list.body?.data as
        | {
            recipes: Array<{ _id: string; title: string; author: { _id: string }; recipePhoto: string | null }>;
            totalPages: number;
          }
        | undefined;
      for (const recipe of data?.recipes ?? []) {
        if (!this.authors.has(recipe._id)) this.recipes.push(recipe._id);
        this.authors.set(recipe._id, recipe.author._id);
        this.words.push(...recipe.title.split(/\s+/).filter((word) => word.length > 3));
        if (recipe.recipePhoto) this.photoUrls.push(recipe.recipePhoto);
      }
      if (!data || page >= data.totalPages) break;
    }
  }

  async signUp(n: number): Promise<VirtualUser> {
    const email = `soak-${n}-${Date.now().toString(36)}@example.com`;
    const password = `soak pass phrase ${n}`;
    const form = new FormData();
    form.set('name', `Soak Cook ${n}`);
    form.set('email', email);
    form.set('password', password);
    const user: VirtualUser = {
      id: '',
      email,
      password,
      jar: new Jar(),
      busy: false,
      reviews: new Map(),
      saved: new Set(),
      created: [],
    };
    const response = await this.send('setup', 'POST', '/api/v1/users/register', { user, form, record: false });
    if (response.status !== 201) throw new Error(`could not sign up a soak user: ${response.status}`);
    user.id = (response.body?.data as { user: { _id: string } }).user._id;
    return user;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(Math.random() * items.length)] as T;
  }

  private recipeNotBy(user: VirtualUser): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const id = this.pick(this.recipes);
      if (this.authors.get(id) !== user.id) return id;
    }
    return this.pick(this.recipes);
  }

  private recipeForm(n: number): FormData {
    const form = new FormData();
    form.set('title', `Soak Stew ${n}`);
    form.set('introduction', 'Made while the server was being soaked.');
    form.set('cookingTime', String(10 + (n % 90)));
    for (const item of ['2 onions', '1 carrot', 'salt']) form.append('ingredients', item);
    for (const step of ['Chop', 'Simmer', 'Serve']) form.append('steps', step);
    form.set('isPublished', 'true');
    form.set('recipePhoto', new Blob([this.photo], { type: 'image/jpeg' }), 'stew.jpg');
    return form;
  }

  /** Stateful actions of one user; the user is held busy until the request ends. */
  private async asUser(user: VirtualUser, roll: number, n: number): Promise<void> {
    user.busy = true;
    try {
      if (roll < 0.35) {
        const recipe = this.recipeNotBy(user);
        const saved = user.saved.has(recipe);
        const response = await this.send(
          saved ? 'unsave' : 'save',
          saved ? 'DELETE' : 'POST',
          `/api/v1/recipes/${recipe}/${saved ? 'unsave' : 'save'}-recipe`,
          { user },
        );
        if (response.status === 200) {
          if (saved) user.saved.delete(recipe);
          else user.saved.add(recipe);
        }
      } else if (roll < 0.72) {
        const recipe = this.recipeNotBy(user);
        const review = user.reviews.get(recipe);
        if (!review) {
          const response = await this.send('review-create', 'POST', `/api/v1/reviews/create/${recipe}`, {
            user,
            json: { rating: 1 + (n % 5), comment: `Soak review ${n}` },
          });
          const id = (response.body?.data as { _id?: string } | undefined)?._id;
          if (id) user.reviews.set(recipe, id);
        } else if (n % 2 === 0) {
          await this.send('review-update', 'PATCH', `/api/v1/reviews/${review}/update`, {
            user,
            json: { rating: 1 + ((n + 2) % 5), comment: `Changed my mind ${n}` },
          });
        } else {
          const response = await this.send('review-delete', 'DELETE', `/api/v1/reviews/${review}/delete`, { user });
          if (response.status === 200) user.reviews.delete(recipe);
        }
      } else if (roll < 0.85) {
        await this.send('login', 'POST', '/api/v1/users/login', {
          user,
          json: { email: user.email, password: user.password },
        });
      } else if (roll < 0.93) {
        await this.send('refresh', 'POST', '/api/v1/users/refresh-token', { user });
      } else if (roll < 0.97 && user.created.length > 0) {
        const recipe = user.created.shift() as string;
        const index = this.recipes.indexOf(recipe);
        if (index >= 0) this.recipes.splice(index, 1);
        await this.send('recipe-delete', 'DELETE', `/api/v1/recipes/${recipe}/delete-recipe`, { user });
      } else {
        const response = await this.send('recipe-create', 'POST', '/api/v1/recipes/create-recipe', {
          user,
          form: this.recipeForm(n),
        });
        const id = (response.body?.data as { _id?: string } | undefined)?._id;
        if (id) {
          user.created.push(id);
          this.recipes.push(id);
          this.authors.set(id, user.id);
        }
      }
    } finally {
      user.busy = false;
    }
  }

  /** One request of the realistic mix: mostly reading, some writing, a photo upload now and then. */
  async act(users: readonly VirtualUser[], n: number): Promise<void> {
    const roll = Math.random();
    const anyone = Math.random() < 0.5 ? this.pick(users) : undefined;
    const reader = anyone && !anyone.busy ? anyone : undefined;
    const recipe = this.pick(this.recipes);
    if (roll < 0.16) {
      await this.send('list', 'GET', `/api/v1/recipes/all?page=${1 + Math.floor(Math.random() * 3)}&limit=24`, {
        user: reader,
      });
    } else if (roll < 0.22) {
      await this.send('random', 'GET', '/api/v1/recipes/random-recipes', { user: reader });
    } else if (roll < 0.4) {
      await this.send('view', 'GET', `/api/v1/recipes/${recipe}/view-recipe`, { user: reader });
    } else if (roll < 0.48) {
      await this.send('reviews', 'GET', `/api/v1/reviews/view-all/${recipe}?page=1`, { user: reader });
    } else if (roll < 0.6) {
      const word = this.pick(this.words).toLowerCase();
      const typed = word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)));
      await this.send('suggest', 'GET', `/api/v1/recipes/search?query=${encodeURIComponent(typed)}`);
    } else if (roll < 0.64) {
      await this.send(
        'search',
        'GET',
        `/api/v1/recipes/view-recipe-by-name/${encodeURIComponent(this.pick(this.words))}`,
      );
    } else if (roll < 0.68) {
      await this.send('photo', 'GET', this.pick(this.photoUrls));
    } else if (roll < 0.71 && reader) {
      await this.send('current', 'GET', '/api/v1/users/current', { user: reader });
    } else if (roll < 0.74 && reader) {
      await this.send('check-saved', 'GET', `/api/v1/recipes/${recipe}/check-saved`, { user: reader });
    } else if (roll < 0.76 && reader) {
      await this.send('saved', 'GET', '/api/v1/recipes/saved-recipes', { user: reader });
    } else if (roll < 0.78 && reader) {
      await this.send('profile', 'GET', `/api/v1/users/${this.pick(users).id}`, { user: reader });
    } else {
      const idle = users.filter((user) => !user.busy);
      // Writes: saves, reviews and log-ins mostly; now and then a new recipe with a photo, or one deleted.
      if (idle.length > 0) await this.asUser(this.pick(idle), Math.random(), n);
      else await this.send('view', 'GET', `/api/v1/recipes/${recipe}/view-recipe`);
    }
  }
}
