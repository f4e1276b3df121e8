// The image of an image field: a thumbnail of the chosen one, every image of content/images
// to choose from (thumbnails), and adding one from the computer or a phone's gallery or camera
// (`accept="image/*"` without `capture`: a phone offers both), checked, then written to
// content/images/.
import { useEffect, useState } from "react";
import { imageNameProblem, type EditorDiagnostic, type Path } from "../../core/index.ts";
import { slugify } from "../../emulated/slug.ts";
import { writeUnderFreeName } from "../../free-name.ts";
import type { Storage } from "../../storage.ts";
import { t } from "../../texts.ts";
import type { FormContext } from "../../forms/context.ts";
import { checkImage } from "../../forms/image-check.ts";
import { useMessages } from "../messages.tsx";

const thumbnails = new Map<string, Promise<string>>();

function thumbnail(storage: Storage, path: string): Promise<string> {
  let url = thumbnails.get(path);
  if (!url) {
    url = storage.readImage(path).then((blob) => URL.createObjectURL(blob));
    url.catch(() => thumbnails.delete(path));
    thumbnails.set(path, url);
  }
  return url;
}

function Thumbnail({ storage, path }: { storage: Storage; path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    thumbnail(storage, path).then(
      (found) => live && setUrl(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [storage, path]);
  return url ? <img className="carnet-thumb" src={url} alt="" /> : <span className="carnet-thumb carnet-thumb--empty" />;
}

/** "/images/a.jpg" (as written in content) ↔ "images/a.jpg" (a file of content/). */
const fileOf = (src: string): string => src.replace(/^\//, "");

interface Props {
  path: Path;
  value: unknown;
  context: FormContext;
  diagnostics: ReadonlyMap<string, readonly EditorDiagnostic[]>;
  onChange(path: Path, value: unknown): void;
}

export function ImagePicker({ path, value, context, diagnostics, onChange }: Props) {
  const src = typeof value === "string" ? value : "";
  const { describedBy, invalid, messages } = useMessages(path, diagnostics, undefined);
  const [problem, setProblem] = useState("");
  const upload = async (file: File) => {
    setProblem("");
    // Refused before anything is stored when `contenu check` would refuse it.
    const checked = await checkImage(file);
    if (!checked.ok) {
      setProblem(t("imageRefused", { name: file.name, problem: checked.problem }));
      return;
    }
    // A name the site can serve as is: « Photo école.JPG » → photo-ecole.jpg.
    const dot = file.name.lastIndexOf(".");
    const target = `images/${slugify(dot > 0 ? file.name.slice(0, dot) : file.name)}${checked.suffix}`;
    const long = imageNameProblem(target);
    if (long) {
      setProblem(t("imageRefused", { name: file.name, problem: long }));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    try {
      // Never over an image of the same name: « og-default.png » becomes « og-default-2.png ».
      const written = await writeUnderFreeName(context.storage, { path: target, base64: btoa(binary) }, context.images);
      context.onImageAdded(written, bytes.length);
      onChange(path, `/${written}`);
    } catch (error) {
      setProblem(t("uploadFailed", { error: error instanceof Error ? error.message : String(error) }));
    }
  };
  return (
    <div className={`carnet-image${invalid ? " carnet-field--invalid" : ""}`} aria-describedby={describedBy}>
      <div className="carnet-image__current">
        <span>{t("currentImage")}</span>
        {src ? (
          <>
            <Thumbnail storage={context.storage} path={fileOf(src)} />
            <code>{src}</code>
          </>
        ) : (
          <span>{t("noImage")}</span>
        )}
      </div>
      {messages}
      <details className="carnet-image__choices">
        <summary>{t("chooseImage")}</summary>
        <ul className="carnet-image__grid">
          {context.images.map((image) => (
            <li key={image}>
              <button
                type="button"
                aria-pressed={fileOf(src) === image}
                onClick={() => onChange(path, `/${image}`)}
              >
                <Thumbnail storage={context.storage} path={image} />
                <span>{image.replace(/^images\//, "")}</span>
              </button>
            </li>
          ))}
        </ul>
        <label className="carnet-image__upload">
          {t("uploadImage")}
          <input type="file" accept="image/*" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        </label>
        {problem && (
          <p className="carnet-diag carnet-diag--error" role="alert">
            {problem}
          </p>
        )}
      </details>
    </div>
  );
}
