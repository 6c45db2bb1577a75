import { putBack, Recorder } from "../cards/recorder";

/**
 * Runs a GM request that writes several documents, whole or not at all, as a card's steps are
 * (the card runtime's recorder, `shell/cards/requests.ts`): `work` tells the recorder what it is
 * about to change (`watch`, `watchEmbedded`), then writes the usual way. When it throws (a
 * document deleted by another client between two writes, a write refused, dice whose card could
 * not be shown), what the recorder watched is put back as far as it can (`putBack`: a document
 * gone meanwhile is left out), and the error is thrown on for the relay to answer.
 * @returns what `work` returns.
 * @throws what `work` threw, once its writes are put back.
 */
export async function withPutBack<T>(work: (recorder: Recorder) => Promise<T>): Promise<T> {
  const recorder = new Recorder();
  try {
    return await work(recorder);
  } catch (err) {
    await putBack(recorder);
    throw err;
  }
}
