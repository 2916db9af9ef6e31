// How guessable an operator's new password is (decision 065): zxcvbn's score with the operator's name as a known word.
import { describe, expect, it } from "vitest";
import { WEAK_OPERATOR_PASSWORD, weakOperatorPassword } from "./operator-password";

describe("weakOperatorPassword", () => {
  it.each(["            ", "aaaaaaaaaaaa", "123456789012", "password1234", "qwertyuiop12", "opsopsopsops", "ops123456789"])(
    "refuses %j for the operator ops",
    (password) => expect(weakOperatorPassword(password, "ops")).toBe(WEAK_OPERATOR_PASSWORD),
  );

  it.each(["violet kettle under 9 rafters", "operator e2e password", "first run operator password"])("takes %j", (password) =>
    expect(weakOperatorPassword(password, "ops")).toBeNull(),
  );
});
