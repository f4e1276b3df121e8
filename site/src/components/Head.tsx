import { createContext, useContext } from "react";
import { Helmet } from "react-helmet-async";
import { headData } from "../head";
import type { RouteHead } from "../types";

/** True while prerendering: the prerender writes the head tags into the file itself (see
 * head.ts), because react-helmet-async 3 on React 19 fills no server context and React
 * would emit the tags at the top of the body instead. */
export const ServerRenderContext = createContext(false);

export function Head({ head }: { head: RouteHead }) {
  const onServer = useContext(ServerRenderContext);
  if (onServer) return null;
  const data = headData(head);
  return <Helmet title={data.title} meta={data.meta} link={data.link} />;
}
