import "./SectionHeader.css";

/** The title and intro every section starts with; renders nothing if both are empty. */
export function SectionHeader({ title, intro, id }: { title?: string | null; intro?: string | null; id?: string }) {
  if (!title && !intro) return null;
  return (
    <header className="section-header">
      {title ? <h2 id={id}>{title}</h2> : null}
      {intro ? <p className="section-header__intro">{intro}</p> : null}
    </header>
  );
}
