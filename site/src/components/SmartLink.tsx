import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { Link } from "react-router-dom";
import { withBase } from "../lib/base-path";
import { scrollToAnchor } from "../behaviours/motion";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** Full page load instead of client-side navigation (e.g. "Réservez un appel"). */
  reload?: boolean;
  children: ReactNode;
};

export const isInternal = (href: string): boolean => href.startsWith("/") && !href.startsWith("//");

/** One link for every href a coach may write: a page of the site (client-side unless
 * `reload`), an in-page anchor (smooth scroll), or an external / mailto address. */
export function SmartLink({ href, reload = false, children, onClick, ...rest }: Props) {
  if (href.startsWith("#")) {
    const scroll = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented && scrollToAnchor(href)) event.preventDefault();
    };
    return (
      <a href={href} onClick={scroll} {...rest}>
        {children}
      </a>
    );
  }
  if (isInternal(href)) {
    if (reload) {
      return (
        <a href={withBase(href)} onClick={onClick} {...rest}>
          {children}
        </a>
      );
    }
    return (
      <Link to={href} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <a href={href} onClick={onClick} rel={external ? "noopener noreferrer" : undefined} {...rest}>
      {children}
    </a>
  );
}
