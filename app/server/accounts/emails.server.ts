import { EMAIL_SIGNATURE as SIGNATURE, type OutgoingEmail } from "../mail/mailer.server";

/* The emails an account receives: reset link, sign-up attempt on an existing account, address confirmation, sign-in code. */

export function passwordResetEmail(to: string, link: string): OutgoingEmail {
  return {
    kind: "password-reset",
    sensitive: true,
    to,
    subject: "Reset your OpenHire password",
    body:
      "Someone (hopefully you) asked to reset the password of your OpenHire account.\n\n" +
      `Choose a new password here:\n${link}\n\n` +
      "The link works once and expires in 1 hour. Resetting the password signs you out everywhere.\n" +
      "If you did not ask for this, ignore this email: your password stays as it is." +
      SIGNATURE,
  };
}

/** Sign-up with an address that already has an account: the owner hears of it, the visitor learns nothing. */
export function accountExistsEmail(to: string, links: { signIn: string; resetPassword: string }): OutgoingEmail {
  return {
    kind: "sign-up-existing-account",
    to,
    subject: "Someone tried to create an OpenHire account with your email",
    body:
      "Someone tried to create an OpenHire account with this address, but it already has one.\n\n" +
      `If it was you, sign in here:\n${links.signIn}\n\n` +
      `Forgot your password? Choose a new one here:\n${links.resetPassword}\n\n` +
      "If it was not you, ignore this email: nothing has changed in your account." +
      SIGNATURE,
  };
}

export function verificationEmail(to: string, link: string): OutgoingEmail {
  return {
    kind: "email-verification",
    sensitive: true,
    to,
    subject: "Confirm your email address for OpenHire",
    body: `Welcome to OpenHire! Confirm that this is your email address:\n${link}\n\nThe link expires in 3 days.${SIGNATURE}`,
  };
}

export function signInCodeEmail(to: string, code: string): OutgoingEmail {
  return {
    kind: "sign-in-code",
    sensitive: true,
    to,
    subject: `Your OpenHire sign-in code: ${code}`,
    body:
      `Your one-time sign-in code is:\n\n    ${code}\n\n` +
      "It expires in 10 minutes and works once. If you did not ask for it, you can ignore this email." +
      SIGNATURE,
  };
}
