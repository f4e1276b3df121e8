/** The editor's GitHub side (issue 22): sign-in, reading, proposing, checks. */

export { checkToken, GitHubClient, type FileChange, type Proposal, type Proposed, type SignedIn, type Tree } from "./client.ts";
export type { Annotation, Checks, CheckState } from "./checks.ts";
export { GITHUB_API, GITHUB_REPOSITORY } from "./config.ts";
export * from "./errors.ts";
export { forgetToken, loadToken, saveToken } from "./token-store.ts";
export { CHECK_STATES, GUIDE_PAGE, LABELS, MESSAGES } from "./texts.ts";
