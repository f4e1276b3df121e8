import type { Storage } from "../storage.ts";

/** What the generated forms need beside the schema: the site's routes (internal-link
 * picker), the images of content/ (image picker) and where to read or add them. */
export interface FormContext {
  /** The id of a <datalist> of the site's routes, rendered once by the notebook. */
  routesListId: string;
  /** Images of content/ ("images/equipe/claire.jpg"). */
  images: readonly string[];
  /** The blog's categories in use by the other articles, sorted (the category menu). */
  categories: readonly string[];
  storage: Storage;
  /** After an image was added to content/images/. */
  onImageAdded(path: string, size: number): void;
}
