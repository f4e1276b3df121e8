/** The one place that talks to GitHub: every request goes to the configured API origin, with
 * the token in the Authorization header only, and every failure becomes a typed error. */

import { GITHUB_API } from "./config.ts";
import {
  type Access,
  MissingPermissionError,
  NoAccessError,
  NotFoundError,
  OfflineError,
  type Permission,
  RateLimitError,
  ServerError,
  TokenExpiredError,
  TokenRevokedError,
  UnexpectedError,
} from "./errors.ts";

export interface Call {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path and query under the API origin, starting with « / ». */
  path: string;
  body?: unknown;
  /** The fine-grained permission GitHub's REST reference names for this endpoint. Browsers
   * cannot read GitHub's X-Accepted-GitHub-Permissions header (not exposed to scripts), so
   * a refusal is explained with this. */
  permission: [Permission, Access];
  /** An ETag from an earlier answer: GitHub answers 304 when nothing changed. */
  etag?: string;
}

export interface Answer<T> {
  status: number;
  data: T;
  etag: string | null;
}

export interface GraphQLError {
  type?: string;
  message: string;
}

type Fetch = typeof globalThis.fetch;

const NOT_ACCESSIBLE = "Resource not accessible by personal access token";

export class GitHubHttp {
  /** Set once the token was accepted: a later 401 means it died during the session. */
  signedIn = false;
  /** Who is signed in, for the messages. */
  login = "";

  constructor(
    private readonly token: string,
    readonly repository: string,
    private readonly api: string = GITHUB_API,
    private readonly fetcher: Fetch = (...args) => globalThis.fetch(...args),
  ) {}

  async request<T>(call: Call): Promise<Answer<T>> {
    if (!call.path.startsWith("/") || call.path.startsWith("//")) {
      throw new Error(`GitHub path expected, got ${call.path}`);
    }
    const headers: Record<string, string> = {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${this.token}`,
      "X-GitHub-Api-Version": "2022-11-28",
    };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.etag) headers["If-None-Match"] = call.etag;
    let response: Response;
    try {
      response = await this.fetcher(this.api + call.path, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // The ETag cache is ours (readFile): the browser's would hide the 304.
        cache: "no-store",
        credentials: "omit",
        referrerPolicy: "no-referrer",
      });
    } catch {
      throw new OfflineError();
    }
    const etag = response.headers.get("ETag");
    if (response.status === 304) return { status: 304, data: null as T, etag };
    const data = await readJson(response);
    if (response.ok) return { status: response.status, data: data as T, etag };
    throw this.failure(response, data, call);
  }

  /** A GraphQL call: errors inside a 200 answer are returned, the others thrown.
   * `permission`: what the query needs (a commit: contents write; reading blobs: read). */
  async graphql<T>(
    query: string,
    variables: Record<string, unknown>,
    permission: [Permission, Access] = ["contents", "write"],
  ): Promise<{
    data: T | null;
    errors: GraphQLError[];
  }> {
    const answer = await this.request<{ data?: T | null; errors?: GraphQLError[] }>({
      method: "POST",
      path: "/graphql",
      body: { query, variables },
      permission,
    });
    const errors = answer.data?.errors ?? [];
    if (errors.some((e) => e.type === "FORBIDDEN" || e.message.includes(NOT_ACCESSIBLE))) {
      throw new MissingPermissionError(...permission);
    }
    return { data: answer.data?.data ?? null, errors };
  }

  private failure(response: Response, data: unknown, call: Call): Error {
    const status = response.status;
    const message = typeof data === "object" && data && "message" in data ? String(data.message) : "";
    if (status === 401) return this.signedIn ? new TokenRevokedError() : new TokenExpiredError();
    if (status === 429 || (status === 403 && isRateLimited(response, message))) {
      return new RateLimitError(resetTime(response));
    }
    if (status === 403 && message.includes(NOT_ACCESSIBLE)) {
      return new MissingPermissionError(...call.permission);
    }
    if (status === 403) return new NoAccessError(this.login, this.repository);
    if (status === 404) return new NotFoundError();
    if (status >= 500) return new ServerError(status);
    return new UnexpectedError(status, message);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRateLimited(response: Response, message: string): boolean {
  return response.headers.get("X-RateLimit-Remaining") === "0" || /rate limit/i.test(message);
}

/** When the limit ends: X-RateLimit-Reset (epoch seconds) or Retry-After (seconds). */
function resetTime(response: Response): Date | null {
  const reset = Number(response.headers.get("X-RateLimit-Reset"));
  if (reset > 0) return new Date(reset * 1000);
  const after = Number(response.headers.get("Retry-After"));
  return after > 0 ? new Date(Date.now() + after * 1000) : null;
}
