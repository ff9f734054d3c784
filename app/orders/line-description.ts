import { choiceDetails } from "~/catalogue/options";

/** A line's choices in one phrase, as the e-mails and the payment provider's page show them. */
export function describeOrderLine(line: Parameters<typeof choiceDetails>[0]): string {
  return choiceDetails(line).join(", ");
}

/** A line as an e-mail lists it: "1 × Team Gi (Gi, Size: A2, Colour: White, Team text: RIPTIDE BJJ, Name to print: JORDAN)". */
export function lineInWords(
  line: Parameters<typeof choiceDetails>[0] & { productName: string; quantity: number },
): string {
  const details = describeOrderLine(line);
  return `${line.quantity} × ${line.productName}${details ? ` (${details})` : ""}`;
}
