/** Each way a GitHub call can fail, as its own error type with its French message
 * (texts.ts): the editor shows `error.message` and decides what to offer from the type. */

import { ACCESS_NAMES, MESSAGES, PERMISSION_NAMES } from "./texts.ts";

export type Permission = keyof typeof PERMISSION_NAMES;
export type Access = keyof typeof ACCESS_NAMES;

export class GitHubError extends Error {
  /** True when « Réessayer » may succeed without the coach changing anything. */
  readonly retryable: boolean = false;
}

/** Refused before anything is sent: not the shape of a fine-grained token. */
export class TokenMalformedError extends GitHubError {
  constructor(readonly classic = false) {
    super(classic ? MESSAGES.tokenClassic : MESSAGES.tokenMalformed);
  }
}

/** 401 at sign-in: expired, deleted or mistyped. */
export class TokenExpiredError extends GitHubError {
  constructor() {
    super(MESSAGES.tokenExpired);
  }
}

/** 401 after a successful sign-in: the token died during the session. */
export class TokenRevokedError extends GitHubError {
  constructor() {
    super(MESSAGES.tokenRevoked);
  }
}

export class WrongRepositoryError extends GitHubError {
  constructor(readonly repository: string) {
    super(MESSAGES.wrongRepository(repository));
  }
}

export class MissingPermissionError extends GitHubError {
  constructor(
    readonly permission: Permission,
    readonly access: Access,
  ) {
    super(MESSAGES.missingPermission(PERMISSION_NAMES[permission], ACCESS_NAMES[access]));
  }
}

/** The account itself may not write to the repository (not a collaborator with write). */
export class NoAccessError extends GitHubError {
  constructor(
    readonly login: string,
    readonly repository: string,
  ) {
    super(MESSAGES.noAccess(login, repository));
  }
}

export class OfflineError extends GitHubError {
  override readonly retryable = true;
  constructor() {
    super(MESSAGES.offline);
  }
}

export class RateLimitError extends GitHubError {
  override readonly retryable = true;
  constructor(readonly resetAt: Date | null) {
    super(MESSAGES.rateLimit(resetAt));
  }
}

export class ServerError extends GitHubError {
  override readonly retryable = true;
  constructor(readonly status: number) {
    super(MESSAGES.server(status));
  }
}

export class NotFoundError extends GitHubError {
  constructor() {
    super(MESSAGES.notFound);
  }
}

export class UnexpectedError extends GitHubError {
  override readonly retryable = true;
  constructor(
    readonly status: number,
    readonly detail = "",
  ) {
    super(MESSAGES.unexpected(status));
  }
}

/** The branch kept moving while we committed: nothing was written. */
export class StaleBranchError extends GitHubError {
  override readonly retryable = true;
  constructor() {
    super(MESSAGES.stale);
  }
}

/** Every change is on GitHub already: nothing to commit, no pull request to open. */
export class NothingToProposeError extends GitHubError {
  constructor() {
    super(MESSAGES.nothingToPropose);
  }
}

/** One file the coach changed that also changed on GitHub since she opened it, in a way
 * that needs her: a field both changed differently, or a file one side deleted. */
export interface FileConflict {
  path: string;
  /** The version she opened (null: the file did not exist). */
  base: Uint8Array | null;
  /** The coach's version. */
  ours: Uint8Array | null;
  /** The version on GitHub now (null: deleted there). */
  theirs: Uint8Array | null;
  /** Its blob id: pass it to `markResolved` once the coach has chosen. */
  theirsSha: string | null;
  /** Who made the version on GitHub and when (its last commit), when GitHub says. */
  author: string | null;
  date: string | null;
}

/** « conflit »: files changed underneath; nothing was committed. */
export class ConflictError extends GitHubError {
  constructor(readonly conflicts: FileConflict[]) {
    super(MESSAGES.conflict(conflicts.map((c) => c.path)));
  }
}
