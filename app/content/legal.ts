/** Privacy Policy and Terms of Service (spec: last updated March 20, 2025). */

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
  notice?: { heading: string; text: string };
}

export const LEGAL_LAST_UPDATED = "March 20, 2025";

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  description: "How OpenHire collects, uses, shares and protects personal information, and the rights you have over it.",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    "This policy explains what personal information OpenHire collects when you use our website, our applicant-tracking system and our job board, why we collect it, and the choices you have. It applies to company users (recruiters and hiring teams) and to candidates who apply for jobs through OpenHire.",
  sections: [
    {
      heading: "Information we collect",
      paragraphs: ["We collect only what we need to provide the service:"],
      list: [
        "Account information: your email address, name and role when you create a staff account.",
        "Company information: your company's name and website, jobs you publish and your hiring pipelines.",
        "Application information: the name, email address, resume link, cover letter and answers a candidate submits with an application.",
        "Usage information: technical logs such as IP address, browser type and the pages requested, used to keep the service secure and reliable.",
        "Newsletter subscriptions: your email address and the page you subscribed from.",
      ],
    },
    {
      heading: "How we use information",
      paragraphs: [
        "We use personal information to operate the service: to sign you in, to show applications to the company you applied to, to send the emails you ask for, to prevent abuse, and to improve the product. We do not sell personal information, and we do not use candidates' applications to advertise to them.",
      ],
    },
    {
      heading: "Information sharing",
      paragraphs: [
        "An application is shared only with the company that published the job. We share information with service providers who host and operate OpenHire on our behalf under written agreements, and with authorities when the law requires it. If OpenHire is ever involved in a merger or acquisition, we will tell you before your information becomes subject to a different policy.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "Depending on where you live, you have the right to access, correct, export or delete your personal information, and to object to or restrict how we process it. Candidates can exercise these rights with the company they applied to or with us directly. We answer every request within 30 days.",
      ],
    },
    {
      heading: "Data retention and security",
      paragraphs: [
        "We keep personal information only as long as the account exists or the law requires. Connections are encrypted, passwords are stored as salted hashes, sessions can be revoked at any time, and every company's data is kept strictly separate from every other company's.",
      ],
    },
    {
      heading: "Data protection officer",
      paragraphs: [
        "For any question about this policy or your personal information, contact our data protection officer at privacy@openhire.dev. You also have the right to lodge a complaint with your local data protection authority.",
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  description: "The terms that apply when you use OpenHire's website, applicant-tracking system and job board.",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    "These terms govern your use of OpenHire. Please read them carefully: by creating an account, publishing a job or submitting an application, you agree to them.",
  sections: [
    {
      heading: "Acceptance of terms",
      paragraphs: [
        "By accessing or using OpenHire you agree to be bound by these terms and by our Privacy Policy. If you use OpenHire on behalf of a company, you confirm that you are authorised to accept these terms for it. If you do not agree, do not use the service.",
      ],
    },
    {
      heading: "Use license",
      paragraphs: [
        "We grant you a limited, non-exclusive, non-transferable license to use OpenHire for your own hiring. You may not:",
      ],
      list: [
        "resell or sublicense access to the hosted service;",
        "attempt to access another company's data or circumvent security controls;",
        "use the service to send spam or to publish misleading or discriminatory job postings;",
        "overload the service with automated requests beyond normal use.",
      ],
    },
    {
      heading: "User responsibilities",
      paragraphs: [
        "You are responsible for the accuracy of the jobs you publish, for keeping your password secret, for the activity under your account, and for complying with employment, anti-discrimination and data-protection laws when you process candidates' information.",
      ],
    },
    {
      heading: "Disclaimer",
      paragraphs: [
        'OpenHire is provided "as is" and "as available". To the extent permitted by law, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that any job will be filled or that any application will succeed.',
      ],
    },
    {
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time. When we make material changes we will notify account holders by email at least 30 days before they take effect. Continued use after that date means you accept the updated terms.",
      ],
    },
  ],
  notice: {
    heading: "Important notice",
    text: "Hiring decisions remain yours. OpenHire's AI features offer suggestions to help you review applications; they never make a hiring decision on their own, and you remain responsible for every decision made with the service.",
  },
};
