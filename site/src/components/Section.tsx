import { useId, type ReactNode } from "react";
import { SectionHeader } from "./SectionHeader";

/** A full-width band of the page with its centred container; labelled by its title. */
export function Section({
  kind,
  anchor,
  title,
  intro,
  width = "wide",
  children,
}: {
  kind: string;
  anchor?: string | null;
  title?: string | null;
  intro?: string | null;
  width?: "wide" | "narrow" | "text";
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={anchor ?? undefined} className={`cell cell--${kind}`} aria-labelledby={title ? headingId : undefined}>
      <div className={`container container--${width}`}>
        <SectionHeader title={title} intro={intro} id={headingId} />
        {children}
      </div>
    </section>
  );
}
