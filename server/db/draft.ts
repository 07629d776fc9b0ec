/**
 * Copy-on-write drafts of frozen data (the idea of immer, reduced to what the store needs).
 *
 * `createDraft(base)` hands out a Proxy that reads like `base`. Nothing is copied until a
 * write: then the written object, and each object on the path up to the root, is copied
 * shallowly (one level: its own keys, not its children). `finalize()` returns the new root,
 * in which every untouched object is the very object of `base`, so an update costs what it
 * touches, not the size of the data. Everything returned by `finalize()` is frozen, so a
 * snapshot can never be changed in place; `base` itself is never written.
 *
 * Rules for callers (the store's mutations): synchronous, plain JSON data only (objects,
 * arrays, strings, numbers, booleans, null). Drafts must not be used after finalize (they
 * are revoked).
 */

const STATE = Symbol('draft state');

type Source = Record<PropertyKey, unknown>;

interface DraftState {
  readonly base: Source;
  copy: Source | undefined;
  modified: boolean;
  readonly parent: DraftState | undefined;
  readonly isArray: boolean;
  readonly proxy: Source;
  readonly revoke: () => void;
  /** Set once finalized: the value this draft stands for in the result. */
  result?: unknown;
}

interface Scope {
  states: DraftState[];
}

function isDraftable(value: unknown): value is Source {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function stateOf(value: unknown): DraftState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { [STATE]?: DraftState })[STATE];
}

const latest = (state: DraftState): Source => state.copy ?? state.base;

function prepareCopy(state: DraftState): Source {
  state.copy ??= state.isArray
    ? (Array.prototype.slice.call(state.base) as unknown as Source)
    : { ...state.base };
  return state.copy;
}

function markModified(state: DraftState): void {
  let current: DraftState | undefined = state;
  while (current !== undefined && !current.modified) {
    current.modified = true;
    prepareCopy(current);
    current = current.parent;
  }
}

function createState(base: Source, parent: DraftState | undefined, scope: Scope): DraftState {
  const isArray = Array.isArray(base);
  // The target only gives the proxy its kind (Array.isArray); every trap reads `latest`.
  const target = (isArray ? [] : {}) as Source;
  const handler: ProxyHandler<Source> = {
    get(_target, prop) {
      if (prop === STATE) return state;
      const source = latest(state);
      if (!Object.prototype.hasOwnProperty.call(source, prop)) return Reflect.get(source, prop);
      const value = source[prop];
      if (stateOf(value) !== undefined || !isDraftable(value)) return value;
      // A child reached for the first time: the copy holds its draft from now on, so later
      // reads (and moves, e.g. by splice or sort) keep the same draft.
      if (value !== state.base[prop]) return value; // a new value written in this draft
      const child = createState(value, state, scope);
      prepareCopy(state)[prop] = child.proxy;
      return child.proxy;
    },
    set(_target, prop, value) {
      const source = latest(state);
      if (
        Object.prototype.hasOwnProperty.call(source, prop) &&
        Object.is(source[prop], value) &&
        (value !== undefined || prop in source)
      ) {
        return true;
      }
      markModified(state);
      prepareCopy(state)[prop] = value;
      return true;
    },
    deleteProperty(_target, prop) {
      if (!Object.prototype.hasOwnProperty.call(latest(state), prop)) return true;
      markModified(state);
      Reflect.deleteProperty(prepareCopy(state), prop);
      return true;
    },
    defineProperty(_target, prop, descriptor) {
      if (!('value' in descriptor)) throw new TypeError('draft: accessors are not supported');
      markModified(state);
      prepareCopy(state)[prop] = descriptor.value;
      return true;
    },
    has(_target, prop) {
      return prop in latest(state);
    },
    ownKeys() {
      return Reflect.ownKeys(latest(state));
    },
    getOwnPropertyDescriptor(_target, prop) {
      const source = latest(state);
      const descriptor = Reflect.getOwnPropertyDescriptor(source, prop);
      if (descriptor === undefined) return undefined;
      return {
        writable: true,
        // The target array's own `length` is not configurable; the proxy must say the same.
        configurable: !(isArray && prop === 'length'),
        enumerable: descriptor.enumerable,
        value: handler.get?.(target, prop, undefined),
      };
    },
    getPrototypeOf() {
      return Object.getPrototypeOf(state.base) as object | null;
    },
    setPrototypeOf() {
      throw new TypeError('draft: changing a prototype is not supported');
    },
  };
  const { proxy, revoke } = Proxy.revocable(target, handler);
  const state: DraftState = {
    base,
    copy: undefined,
    modified: false,
    parent,
    isArray,
    proxy,
    revoke,
  };
  scope.states.push(state);
  return state;
}

/** Freezes `value` and everything in it that is not frozen yet (frozen parts are final). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Source)[key]);
  return value;
}

/** The final value of anything reachable from a draft: drafts replaced, new objects frozen. */
function finalizeValue(value: unknown): unknown {
  const state = stateOf(value);
  if (state !== undefined) return finalizeState(state);
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  // A new object written into the draft: it may hold drafts (e.g. `list.filter(...)`).
  const object = value as Source;
  for (const key of Object.keys(object)) {
    const item = object[key];
    const final = finalizeValue(item);
    if (final !== item) object[key] = final;
  }
  return Object.freeze(object);
}

function finalizeState(state: DraftState): unknown {
  if ('result' in state) return state.result;
  if (!state.modified || state.copy === undefined) {
    state.result = state.base;
    return state.base;
  }
  const copy = state.copy;
  // Set first: a draft reachable from itself (not JSON, but no endless loop either).
  state.result = copy;
  for (const key of Object.keys(copy)) {
    const item = copy[key];
    const final = finalizeValue(item);
    if (final !== item) copy[key] = final;
  }
  Object.freeze(copy);
  return copy;
}

export interface Draft<T> {
  /** The draft to change. */
  readonly root: T;
  /**
   * Ends the draft: the new root (the base itself when nothing changed) and `extra` with drafts
   * in it replaced by their final values. Every draft is revoked afterwards.
   */
  finalize<R>(extra: R): { root: T; extra: R };
  /** Ends the draft without a result (e.g. the mutation threw). */
  discard(): void;
}

/** A draft of `base`, which must be frozen (see deepFreeze) and plain JSON data. */
export function createDraft<T extends object>(base: T): Draft<T> {
  const scope: Scope = { states: [] };
  const rootState = createState(base as unknown as Source, undefined, scope);
  const revokeAll = () => {
    for (const state of scope.states) state.revoke();
    scope.states = [];
  };
  return {
    root: rootState.proxy as unknown as T,
    finalize<R>(extra: R) {
      try {
        const root = finalizeState(rootState) as T;
        return { root, extra: finalizeValue(extra) as R };
      } finally {
        revokeAll();
      }
    },
    discard: revokeAll,
  };
}
