import type { CommittedWrites } from '#db/committed-writes.ts';
import type { SessionContext } from './session-context.ts';

/** Most contexts one process keeps, and about how many bytes of them (a user's photo can be 500 KB). */
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  context: SessionContext;
  /** The committed-writes generation read before the statement that built the context. */
  generation: number;
  /** When it was stored, on the clock `authenticate` is given. */
  storedAt: number;
  bytes: number;
}

/** About how much memory a context holds: its strings are mostly the photos. */
function approximateBytes(context: SessionContext) {
  const photos =
    (context.user.photoData?.length ?? 0) +
    (context.currentUser.managingPractitioner?.userPhotoData?.length ?? 0);
  return 4096 + photos + 512 * context.organisations.length;
}

/** Methods that change a Map, a Set or a Date in place: a frozen context's copies of them throw. */
const MUTATORS = {
  map: ['set', 'delete', 'clear'],
  set: ['add', 'delete', 'clear'],
  date: Object.getOwnPropertyNames(Date.prototype).filter((name) => name.startsWith('set')),
};

function refuse(this: unknown) {
  throw new TypeError('A request context is shared between requests and cannot be changed.');
}

/**
 * Freezes a context all the way down, Maps, Sets and Dates included (Object.freeze alone leaves their
 * contents changeable), so a handler that tried to change the caller it was given would throw instead of
 * changing it for the next requests of the same session.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const lock = (names: string[]) => {
    for (const name of names) Object.defineProperty(value, name, { value: refuse });
  };
  if (value instanceof Map) {
    for (const [key, item] of value as Map<unknown, unknown>) {
      deepFreeze(key);
      deepFreeze(item);
    }
    lock(MUTATORS.map);
  } else if (value instanceof Set) {
    for (const item of value as Set<unknown>) deepFreeze(item);
    lock(MUTATORS.set);
  } else if (value instanceof Date) {
    lock(MUTATORS.date);
  } else {
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return Object.freeze(value);
}

/**
 * The request contexts of one API process, by session token hash (docs/decisions/021-request-context-cache.md):
 * an entry answers only while it is younger than `ttlMs`, no write has been committed since the statement
 * that read it began, and every process's writes are being heard; least recently used entries go first
 * past 10,000 entries or about 64 MB. Contexts are stored frozen.
 */
export function createSessionCache(writes: CommittedWrites, ttlMs: number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function remove(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    bytes -= entry.bytes;
  }

  // Entries are checked on every read; nothing needs to be done when one is left behind.
  writes.listen();

  return {
    /** A stored context for this token hash still fit to answer at `at` (ms), or null. */
    get(tokenHash: string, at: number): SessionContext | null {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      const age = at - entry.storedAt;
      if (
        entry.generation !== writes.generation() ||
        !writes.heard() ||
        age < 0 ||
        age >= ttlMs ||
        // Never another token's context, whatever happened to the map.
        entry.context.session.tokenHash !== tokenHash
      ) {
        remove(tokenHash);
        return null;
      }
      // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return entry.context;
    },

    /** The generation to store a context under, read before the statement that reads it; null: do not store. */
    generation(): number | null {
      return writes.heard() ? writes.generation() : null;
    },

    /**
     * Keeps a context read by a statement that began at `generation`, unless a write has been committed
     * since (the context may predate it) or writes are not all heard. Returns the context, frozen.
     */
    set(tokenHash: string, context: SessionContext, generation: number | null, at: number) {
      const frozen = deepFreeze(context);
      if (generation === null || generation !== writes.generation() || !writes.heard())
        return frozen;
      remove(tokenHash);
      const entry = { context: frozen, generation, storedAt: at, bytes: approximateBytes(frozen) };
      entries.set(tokenHash, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
        remove(oldest);
      }
      return frozen;
    },

    delete: remove,

    /** How many contexts are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
