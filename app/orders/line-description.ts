import { choiceDetails } from "~/catalogue/options";

/** A line's choices in one phrase, as the e-mails and the payment provider's page show them. */
export function describeOrderLine(line: Parameters<typeof choiceDetails>[0]): string {
  return choiceDetails(line).join(", ");
}
