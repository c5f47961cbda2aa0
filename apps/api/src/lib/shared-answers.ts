import { encodeBody, type EncodedBody } from './encoded-body.ts';
import { KeptReads } from './kept-reads.ts';

/**
 * Answers that are the same for every caller, kept encoded (serialized and compressed once) for
 * a while, per server instance: the public calls every home page makes (lib/calls.ts,
 * `cacheForMs`). At most 1000 are kept, the oldest go first. Callers that arrive while an answer
 * is being made wait for that one instead of making their own; an answer that fails is not kept.
 */
export class SharedAnswers {
  readonly #answers: KeptReads<EncodedBody>;

  constructor(now: () => Date) {
    this.#answers = new KeptReads(now);
  }

  get(key: string, maxAgeMs: number, make: () => Promise<string>): Promise<EncodedBody> {
    return this.#answers.get(key, maxAgeMs, () => make().then(encodeBody));
  }
}
