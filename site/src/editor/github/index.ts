/** The editor's GitHub side (issue 22): sign-in, reading, proposing, checks. */

export { checkToken, GitHubClient, type FileChange, type Proposal, type Proposed, type SignedIn, type Tree } from "./client";
export type { Annotation, Checks, CheckState } from "./checks";
export { GITHUB_API, GITHUB_REPOSITORY } from "./config";
export * from "./errors";
export { forgetToken, loadToken, saveToken } from "./token-store";
export { CHECK_STATES, GUIDE_PAGE, LABELS, MESSAGES } from "./texts";
