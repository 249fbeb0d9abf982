import { EMAIL_SIGNATURE as SIGNATURE, type OutgoingEmail } from "../mail/mailer.server";

/** The invitation to join a company's team. */
export function invitationEmail(to: string, input: { companyName: string; inviterName: string; link: string; days: number }): OutgoingEmail {
  return {
    kind: "invitation",
    sensitive: true,
    to,
    subject: `${input.inviterName} invited you to join ${input.companyName} on OpenHire`,
    body:
      `${input.inviterName} invited you to hire together at ${input.companyName} on OpenHire.\n\n` +
      `Accept the invitation here:\n${input.link}\n\n` +
      `The link expires in ${input.days} days.` +
      SIGNATURE,
  };
}
