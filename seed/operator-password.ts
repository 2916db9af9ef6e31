// How guessable a new operator's password is (decision 065): zxcvbn (the zxcvbn-ts port, with its
// common-password dictionaries and keyboard layouts), the operator's name counted as a known word.
// Only the command line that creates operators loads it: its dictionaries (about 2 MB) stay out of
// the server process. The service keeps its own floor (12 characters) for every caller.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** zxcvbn's 3: "safely unguessable", the least for an account that can refund orders and read codes. */
const MIN_SCORE = 3;

export const WEAK_OPERATOR_PASSWORD =
  "密码太容易猜到（常见密码、重复或连续的字符、键盘顺序、含操作员名称），请换一个更长、更随机的密码，例如几个不相关的词组合；未创建操作员";

let strength: ZxcvbnFactory | undefined;

/** The message for a password too easy to guess for the operator `name`, or null when it will do. */
export function weakOperatorPassword(password: string, name: string): string | null {
  strength ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return strength.check(password, [name]).score < MIN_SCORE ? WEAK_OPERATOR_PASSWORD : null;
}
