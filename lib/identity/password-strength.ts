import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

/**
 * How easy a password is to guess, by zxcvbn-ts with its common-password list and English words and
 * names (bundled with the app: no network). Cognito's character classes let "Password1!" through; a
 * guesser tries it in the first thousand.
 */

/** zxcvbn's scale: 3 is "safely unguessable", moderate protection against an offline attack on a slow hash. */
const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

// Built on first use: the dictionaries take a few hundred milliseconds to index.
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return estimator;
}

/**
 * Why the password is too easy to guess, as the password field shows it, or undefined when it is
 * strong enough. `userInputs` (the member's email and names) count as known words.
 */
export function passwordStrengthFailure(password: string, userInputs: readonly string[] = []): string | undefined {
  const inputs = userInputs
    .flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 3);
  const result = strengthEstimator().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const why = result.feedback.warning ?? "It follows a pattern that is quick to guess.";
  const hint = result.feedback.suggestions[0] ?? "Add more words that are less common.";
  return `Password is too easy to guess. ${why} ${hint}`;
}
