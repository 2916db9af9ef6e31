/**
 * A provider's SDK, loaded at its first use rather than at start: the SDKs take seconds to load (Aliyun's SMS 3 s,
 * Tencent's and nodemailer's over 1 s each, Alipay's half a second on a busy machine), which every worker would pay at
 * each start, with the provider configured or not. A failed load is tried again at the next use.
 */
export function loadedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
