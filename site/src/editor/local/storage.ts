// The local backend: content/ through the API of the dev server of `contenu dev`
// (scripts/editor-api.ts), under the editor's own address, with the per-run token the dev
// server put in the editor's page.
import { type ContentFile, LOCAL_SCOPE, type Storage, StorageChanged, StorageError, StorageExists } from "../storage.ts";
import { textVersion } from "../text-version.ts";

const TOKEN_META = "carnet-jeton";
const TOKEN_HEADER = "x-carnet-jeton";

async function failure(response: Response, path = ""): Promise<StorageError> {
  const body = (await response.json().catch(() => null)) as { message?: string; reason?: string } | null;
  const message = body?.message ?? `HTTP ${response.status}`;
  if (body?.reason === "changed") return new StorageChanged(message, path);
  if (body?.reason === "exists") return new StorageExists(message);
  return new StorageError(message);
}

/** The dev server's API, under the editor's own address (`<base>editeur/api/`). */
export function localStorageBackend(apiBase: string, token: string): Storage {
  const headers = { [TOKEN_HEADER]: token };
  const get = async (url: string): Promise<Response> => {
    const response = await fetch(url, { headers, cache: "no-store" });
    if (!response.ok) throw await failure(response);
    return response;
  };
  return {
    buildFollowsSaves: true,
    scope: LOCAL_SCOPE,
    async listFiles() {
      return ((await (await get(`${apiBase}fichiers`)).json()) as { files: ContentFile[] }).files;
    },
    async readFile(path) {
      return (await get(`${apiBase}fichier?chemin=${encodeURIComponent(path)}`)).text();
    },
    async writeFiles(files) {
      // The text each change was made on travels as its version (text-version.ts): the
      // dev server refuses the write (409) if the file is no longer that text.
      const sent = await Promise.all(
        files.map(async ({ base, ...file }) => ({ ...file, base: typeof base === "string" ? await textVersion(base) : base })),
      );
      const response = await fetch(`${apiBase}ecrire`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ files: sent }),
      });
      if (!response.ok) throw await failure(response, files.length === 1 ? files[0]!.path : "");
    },
    async renderProse(markdown) {
      const response = await fetch(`${apiBase}apercu`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ markdown }),
      });
      return response.ok ? ((await response.json()) as { html: string }).html : null;
    },
    async readImage(path) {
      return (await get(`${apiBase}fichier?chemin=${encodeURIComponent(path)}`)).blob();
    },
  };
}

/** The local backend when the page was served by `contenu dev` (it carries the token). */
export function detectStorage(): Storage | null {
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content;
  if (!token) return null;
  return localStorageBackend(new URL("api/", new URL(`${import.meta.env.BASE_URL}editeur/`, location.href)).href, token);
}
